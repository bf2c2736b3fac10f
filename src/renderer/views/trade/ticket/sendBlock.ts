/**
 * Why the Send button is disabled, in one sentence — or null when it can send. In order of what
 * matters first: the account, an exchange mode that refuses every order, the ticket's own
 * fields, then the exchange's own checks from the preview.
 */
import type { BridgeError } from '../../../../shared/result';
import type { OrderPreview, TradingState } from '../../../../shared/tradingViews';
import { modeNotice } from '../modeNotice';
import { errorText } from '../../../lib/errorText';
import { formatNumber } from '../../../lib/format';

/**
 * The parts of the account block (stores/tradingAccess) and the preview answer (usePreview) this
 * reads, as plain shapes: the decision stays a pure function with no store behind it.
 */
type AccountBlock = { reason: string } | null;
type CheckedTicket = { preview: Pick<OrderPreview, 'problems' | 'riskLimit'> | null; error: BridgeError | null } | null;

export interface SendBlock {
  kind: 'account' | 'ticket' | 'mode' | 'checking' | 'problems' | 'risk' | 'error';
  reason: string;
}

export function sendBlock(block: AccountBlock, missing: string | null, state: TradingState | null, answer: CheckedTicket): SendBlock | null {
  if (block) return { kind: 'account', reason: block.reason };
  // The banner describes the same entry (modeNotice.ts): what it says and what Send does agree.
  const refusal = modeNotice(state)?.refusal ?? null;
  if (refusal) return { kind: 'mode', reason: refusal };
  if (missing) return { kind: 'ticket', reason: missing };
  if (!answer) return { kind: 'checking', reason: 'Checking the order…' };
  if (answer.error) return { kind: 'error', reason: `Could not check the order: ${errorText(answer.error)}` };
  const problems = answer.preview?.problems ?? [];
  if (problems.length > 0) return { kind: 'problems', reason: problems.length === 1 ? 'Fix the problem above to send.' : `Fix the ${formatNumber(problems.length)} problems above to send.`
 };
  // risk: main would refuse it before signing; the limit and its figures are said above.
  if (answer.preview?.riskLimit) return { kind: 'risk', reason: 'A risk limit refuses this order: make it smaller, or change the limit in the Risk panel.' };
  return null;
}
