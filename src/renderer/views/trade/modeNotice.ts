/**
 * One description of each exchange mode for the whole Trade view: the banner's words
 * (ModeBanner.tsx) and the reason the ticket's Send is blocked (ticket/sendBlock.ts) come from
 * the same entry, so the banner can never promise what the ticket refuses.
 *
 * Restarting (425): the spec says "retry with exponential backoff", and the core does so for a
 * request that was already on its way when the restart began (restartBackoff.ts: 1 s doubling to
 * 30 s, about two minutes). New orders are not sent meanwhile: one sent minutes later at a price
 * chosen before would surprise a trader, and the exchange would refuse it anyway. So the ticket
 * pauses, and the banner says exactly that (docs/decisions/).
 */
import type { TradingState } from '../../../shared/tradingViews';

export interface ModeNotice {
  tone: 'bad' | 'warn';
  title: string;
  detail: string;
  /** Why no new order can be sent at all, or null when some can (post-only takes post-only ones). */
  refusal: string | null;
}

export const RESTARTING_REFUSAL = 'The matching engine is restarting: new orders are paused until it is back.';

export function modeNotice(state: TradingState | null): ModeNotice | null {
  if (!state) return null;
  if (state.banned) {
    return { tone: 'bad', title: 'Address banned', detail: 'The exchange refuses every order from this address. Cancels may still work.', refusal: 'This address is banned from trading on the exchange.' };
  }
  if (state.closedOnly) {
    return {
      tone: 'bad', title: 'Closed-only', detail: 'This address may only close positions: the exchange refuses new orders from it.',
      refusal: 'This address is in closed-only mode: the exchange refuses new orders from it.',
    };
  }
  switch (state.mode) {
    case 'trading-disabled':
      return {
        tone: 'bad', title: 'Trading disabled',
        detail: 'The exchange accepts no orders and no cancels for now: nothing is sent, and open orders stay on the book until it is back.',
        refusal: 'Trading is disabled on the exchange right now: it accepts no orders and no cancels.',
      };
    case 'cancel-only':
      return { tone: 'bad', title: 'Cancel-only', detail: 'New orders are refused; cancelling open orders still works.', refusal: 'The exchange is in cancel-only mode: new orders are refused, cancels work.' };
    case 'post-only':
      return { tone: 'warn', title: 'Post-only', detail: 'Only post-only GTC/GTD orders are accepted: orders that would take liquidity are refused.', refusal: null };
    case 'restarting':
      return {
        tone: 'warn', title: 'Matching engine restarting',
        detail: 'New orders are paused until it is back. A cancel, or an order already on its way when the restart began, is retried with backoff.',
        refusal: RESTARTING_REFUSAL,
      };
    default:
      return null;
  }
}
