/**
 * Heartbeats that fail: a warning with the time left before the exchange's dead-man switch fires,
 * then, past its window, that the open orders are probably cancelled (they are listed once the
 * exchange answers again, CancelledOrdersNotice). The state arrives the moment the window passes.
 */
import { useNow } from '../../hooks/useNow';
import { formatCountdown } from '../../lib/format';
import { selectTradingState, useTradingStateStore } from '../../stores/tradingStateStore';

export function HeartbeatBanner() {
  const heartbeat = useTradingStateStore(selectTradingState)?.heartbeat;
  const failing = heartbeat?.enabled === true && heartbeat.failingSince !== null;
  const now = useNow(500, failing);
  if (!heartbeat || !failing || heartbeat.failingSince === null) return null;
  const left = heartbeat.failingSince + heartbeat.windowMs - now;
  const lapsed = left <= 0;
  return (
    <div className="mode-banner" data-tone={lapsed ? 'bad' : 'warn'} role="alert" data-testid="trade-heartbeat-banner" data-lapsed={lapsed}>
      <strong className="mode-title">{lapsed ? 'Heartbeats lapsed' : 'Heartbeats failing'}</strong>
      <span className="mode-detail">
        {lapsed
          ? 'The exchange has not heard from this app for longer than its window: its dead-man switch has probably cancelled your open orders. They will be listed as soon as it answers again.'
          : 'The exchange is not answering heartbeats. If this lasts past its window, it cancels all your open orders.'}
      </span>
      {!lapsed ? (
        <span className="mode-countdown num" data-testid="trade-heartbeat-countdown">
          orders cancelled in {formatCountdown(left)}
        </span>
      ) : null}
    </div>
  );
}
