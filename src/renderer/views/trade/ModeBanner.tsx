/**
 * The exchange mode, when it is anything but normal: what is refused, for how long (a countdown
 * to the retry time for post-only and restarts), and for post-only a one-click switch of the
 * ticket to post-only. Per-address restrictions (closed-only, banned) show here too.
 */
import type { TradingState } from '../../../shared/tradingViews';
import { useNow } from '../../hooks/useNow';
import { formatCountdown } from '../../lib/format';
import { useTicketStore } from '../../stores/ticketStore';
import { selectTradingState, useTradingStateStore } from '../../stores/tradingStateStore';

interface BannerText {
  tone: 'bad' | 'warn';
  title: string;
  detail: string;
}

function describe(state: TradingState): BannerText | null {
  if (state.banned) return { tone: 'bad', title: 'Address banned', detail: 'The exchange refuses every order from this address. Cancels may still work.' };
  if (state.closedOnly) return { tone: 'bad', title: 'Closed-only', detail: 'This address may only close positions: the exchange refuses new orders from it.' };
  switch (state.mode) {
    case 'trading-disabled':
      return { tone: 'bad', title: 'Trading disabled', detail: 'The exchange refuses new orders for now; nothing you send will reach the book.' };
    case 'cancel-only':
      return { tone: 'bad', title: 'Cancel-only', detail: 'New orders are refused; cancelling open orders still works.' };
    case 'post-only':
      return { tone: 'warn', title: 'Post-only', detail: 'Only post-only GTC/GTD orders are accepted: orders that would take liquidity are refused.' };
    case 'restarting':
      return { tone: 'warn', title: 'Matching engine restarting', detail: 'Orders are retried with backoff until it is back.' };
    default:
      return null;
  }
}

export function ModeBanner() {
  const state = useTradingStateStore(selectTradingState);
  const setTicket = useTicketStore((s) => s.set);
  const postOnly = useTicketStore((s) => s.postOnly && (s.orderType === 'GTC' || s.orderType === 'GTD'));
  const counting = state?.retryAt !== null && state?.retryAt !== undefined;
  const now = useNow(1000, counting);
  if (!state) return null;
  const text = describe(state);
  if (!text) return null;
  const remaining = state.retryAt !== null ? state.retryAt - now : null;
  return (
    <div className="mode-banner" data-tone={text.tone} role="status" data-testid="trade-mode-banner" data-mode={state.closedOnly ? 'closed-only' : state.banned ? 'banned' : state.mode}>
      <strong className="mode-title">{text.title}</strong>
      <span className="mode-detail">{text.detail}</span>
      {remaining !== null ? (
        <span className="mode-countdown num" data-testid="trade-mode-countdown">
          {remaining > 0 ? `${state.mode === 'restarting' ? 'retry' : 'normal again'} in ${formatCountdown(remaining)}` : 'any moment now'}
        </span>
      ) : null}
      {state.modeMessage ? (
        <span className="mode-said muted" title="What the exchange said">
          “{state.modeMessage}”
        </span>
      ) : null}
      {state.mode === 'post-only' && !state.closedOnly && !state.banned ? (
        <button
          type="button"
          className="button button-small"
          disabled={postOnly}
          onClick={() => setTicket({ postOnly: true, ...(useTicketStore.getState().orderType === 'GTC' || useTicketStore.getState().orderType === 'GTD' ? {} : { orderType: 'GTC' }) })}
          data-testid="trade-use-post-only"
        >
          {postOnly ? 'Ticket is post-only' : 'Use post-only'}
        </button>
      ) : null}
    </div>
  );
}
