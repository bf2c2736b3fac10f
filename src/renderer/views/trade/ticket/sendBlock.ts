/**
 * Why the Send button is disabled, in one sentence — or null when it can send. In order of what
 * matters first: the account, an exchange mode that refuses every order, the ticket's own
 * fields, then the exchange's own checks from the preview.
 */
import type { TradingState } from '../../../../shared/tradingViews';
import type { TradingBlock } from '../../../stores/tradingAccess';
import { modeRefusal } from '../../../stores/tradingStateStore';
import type { PreviewAnswer } from './usePreview';

export interface SendBlock {
  kind: 'account' | 'ticket' | 'mode' | 'checking' | 'problems' | 'error';
  reason: string;
}

export function sendBlock(block: TradingBlock | null, missing: string | null, state: TradingState | null, answer: PreviewAnswer | null): SendBlock | null {
  if (block) return { kind: 'account', reason: block.reason };
  const refusal = modeRefusal(state);
  if (refusal) return { kind: 'mode', reason: refusal };
  if (missing) return { kind: 'ticket', reason: missing };
  if (!answer) return { kind: 'checking', reason: 'Checking the order…' };
  if (answer.error) return { kind: 'error', reason: `Could not check the order: ${answer.error.message}` };
  const problems = answer.preview?.problems ?? [];
  if (problems.length > 0) return { kind: 'problems', reason: problems.length === 1 ? 'Fix the problem above to send.' : `Fix the ${problems.length} problems above to send.` };
  return null;
}
