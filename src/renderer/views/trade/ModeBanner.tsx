/**
 * The exchange mode, when it is anything but normal: what is refused, for how long (a countdown
 * to the retry time for post-only and restarts), and for post-only a one-click switch of the
 * ticket to post-only. Per-address restrictions (closed-only, banned) show here too. The words
 * come from modeNotice.ts, which also gives the ticket's Send its reason, so the two agree.
 */
import { useNow } from '../../hooks/useNow';
import { formatCountdown } from '../../lib/format';
import { useTicketStore } from '../../stores/ticketStore';
import { selectTradingState, useTradingStateStore } from '../../stores/tradingStateStore';
import { modeNotice } from './modeNotice';

export function ModeBanner() {
  const state = useTradingStateStore(selectTradingState);
  const setTicket = useTicketStore((s) => s.set);
  const postOnly = useTicketStore((s) => s.postOnly && (s.orderType === 'GTC' || s.orderType === 'GTD'));
  const counting = state?.retryAt !== null && state?.retryAt !== undefined;
  const now = useNow(1000, counting);
  const text = modeNotice(state);
  if (!state || !text) return null;
  const remaining = state.retryAt !== null ? state.retryAt - now : null;
  return (
    <div className="mode-banner" data-tone={text.tone} role="status" data-testid="trade-mode-banner" data-mode={state.closedOnly ? 'closed-only' : state.banned ? 'banned' : state.mode}>
      <strong className="mode-title">{text.title}</strong>
      <span className="mode-detail" data-testid="trade-mode-detail">
        {text.detail}
      </span>
      {remaining !== null ? (
        <span className="mode-countdown num" data-testid="trade-mode-countdown">
          {remaining > 0 ? `${state.mode === 'restarting' ? 'expected back' : 'normal again'} in ${formatCountdown(remaining)}` : 'any moment now'}
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
