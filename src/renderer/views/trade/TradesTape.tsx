/**
 * The tape: the outcome's latest public trades, newest first, read every few seconds while the
 * Trade view is visible (the service has no push channel).
 */
import { useState } from 'react';
import type { BridgeError } from '../../../shared/result';
import { api } from '../../bridge/api';
import { usePolling } from '../../hooks/usePolling';
import { formatClock, formatDuration, formatPrice, formatSize } from '../../lib/format';
import { errorText } from '../../lib/errorText';
import { tapeKeys } from './tapeKeys';

export const TAPE_REFRESH_MS = 3_000;
const TAPE_ROWS = 60;

interface TapeTrade {
  price: string;
  size: string;
  side: 'BUY' | 'SELL';
  at: number;
}

export function TradesTape({ tokenId, tickSize }: { tokenId: string; tickSize: string }) {
  const [state, setState] = useState<{ tokenId: string; trades: TapeTrade[]; error: BridgeError | null } | null>(null);
  usePolling(tokenId, TAPE_REFRESH_MS, async () => {
    const result = await api.getRecentTrades({ tokenId });
    setState((held) => ({
      tokenId,
      trades: result.ok ? result.value.slice(0, TAPE_ROWS) : held?.tokenId === tokenId ? held.trades : [],
      error: result.ok ? null : result.error,
    }));
  }, 'clob');
  const trades = state?.tokenId === tokenId ? state.trades : [];
  const error = state?.tokenId === tokenId ? state.error : null;
  const keys = tapeKeys(trades);
  return (
    <section className="tape" aria-label="Recent trades" data-testid="trade-tape" data-count={trades.length}>
      <header className="subpane-header">
        <h3 className="pane-title">Recent trades</h3>
        {error ? (
          <span className="tape-error" title={errorText(error)}>
            not updating
          </span>
        ) : (
          <span className="pane-meta">every {formatDuration(TAPE_REFRESH_MS)}</span>
        )}
      </header>
      <div className="tape-head" aria-hidden="true">
        <span>Time</span>
        <span>Price</span>
        <span>Size</span>
      </div>
      {/* Focusable, so the keyboard can scroll the tape (its rows hold nothing focusable). */}
      <div className="tape-rows" role="group" tabIndex={0} aria-label="Recent trades: rows">
        {trades.length === 0 ? (
          <p className="pane-note">{state === null ? 'Loading trades…' : 'No trades yet.'}</p>
        ) : (
          trades.map((trade, index) => (
            <div key={keys[index]} className={`tape-row tape-${trade.side.toLowerCase()}`} data-testid="tape-row" data-side={trade.side}>
              <span className="num muted">{formatClock(trade.at)}</span>
              <span className="num tape-price">{formatPrice(trade.price, tickSize)}</span>
              <span className="num">{formatSize(trade.size)}</span>
            </div>
          ))
        )}
      </div>
    </section>
  );
}
