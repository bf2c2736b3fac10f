/**
 * Defect 5 (issue 11), last sentence: the restarting (425) banner said orders are retried while
 * the ticket refused to send. The banner and the ticket's Send reason now come from one entry per
 * mode; these tests hold them to it for every mode.
 */
import { describe, expect, it } from 'vitest';
import type { TradingState } from '../../../src/shared/tradingViews';
import { modeNotice, RESTARTING_REFUSAL } from '../../../src/renderer/views/trade/modeNotice';
import { sendBlock } from '../../../src/renderer/views/trade/ticket/sendBlock';

const state = (patch: Partial<TradingState>): TradingState => ({
  mode: 'normal', retryAt: null, modeMessage: null, closedOnly: false, banned: false,
  heartbeat: { enabled: false, lastSentAt: null, lastOk: null, intervalMs: 5_000 },
  confirmOrders: true, orderVersion: 2, ...patch,
} as TradingState);

/** A ticket with nothing else wrong: only the mode can block it. */
const cleanAnswer = { preview: { problems: [] }, error: null };

const MODES: Array<Partial<TradingState>> = [
  { mode: 'normal' }, { mode: 'trading-disabled' }, { mode: 'cancel-only' }, { mode: 'post-only', retryAt: 1 },
  { mode: 'restarting', retryAt: 1 }, { closedOnly: true }, { banned: true },
];

describe('the mode banner and the ticket agree', () => {
  it.each(MODES)('%o: Send is blocked exactly when the banner says new orders do not go out', (patch) => {
    const s = state(patch);
    const notice = modeNotice(s);
    const block = sendBlock(null, null, s, cleanAnswer);
    if (notice?.refusal) {
      expect(block).toEqual({ kind: 'mode', reason: notice.refusal });
      expect(notice.detail).not.toMatch(/orders are retried/i);
    } else {
      expect(block).toBeNull();
    }
  });

  it('restarting: the banner says new orders are paused, as the ticket does, and only what was already sent is retried', () => {
    const restarting = state({ mode: 'restarting', retryAt: 1 });
    const notice = modeNotice(restarting)!;
    expect(notice.detail).toMatch(/^New orders are paused until it is back\./);
    expect(notice.detail).toMatch(/already on its way .* is retried with backoff/);
    expect(sendBlock(null, null, restarting, cleanAnswer)).toEqual({ kind: 'mode', reason: RESTARTING_REFUSAL });
    expect(RESTARTING_REFUSAL).toMatch(/new orders are paused until it is back/);
  });

  it('trading disabled says cancels are refused too; cancel-only says they work', () => {
    expect(modeNotice(state({ mode: 'trading-disabled' }))!.detail).toMatch(/no orders and no cancels/);
    expect(modeNotice(state({ mode: 'cancel-only' }))!.detail).toMatch(/cancelling open orders still works/);
  });
});
