/**
 * Under a market's books: its open interest (always in view), and a tab each for its trades
 * and the top holders of each outcome, all from the analytics service.
 */
import { useState } from 'react';
import type { MarketSummary } from '../../../../shared/viewModels';
import { errorText } from '../../../lib/errorText';
import { formatClock, formatSize, formatUsd } from '../../../lib/format';
import { MarketTrades } from './MarketTrades';
import { OutcomeHolders } from './OutcomeHolders';
import { useMarketPositioning, type Positioning } from './useMarketPositioning';
import '../../../styles/market-data.css';

type Tab = 'trades' | 'holders';

function OpenInterest({ positioning, onRefresh }: { positioning: Positioning | null; onRefresh: () => void }) {
  const oi = positioning?.openInterest ?? null;
  const read = oi ? ` · read at ${formatClock(oi.readAt)}, again every minute while shown` : '';
  return (
    <div className="md-oi" data-testid="market-oi" data-shares={oi?.shares ?? ''} data-read-at={oi?.readAt ?? ''}>
      <span className="md-oi-label" title={`Complete sets outstanding: the shares of the outcome held most (a set pays 1 USD)${read}`}>
        Open interest
      </span>
      {oi ? (
        <>
          <span className="num" data-testid="market-oi-shares">{formatSize(oi.shares)} sh</span>
          <span className="num muted" data-testid="market-oi-usd">{oi.usd === null ? '—' : `${formatUsd(oi.usd)} USD`}</span>
        </>
      ) : (
        <span className="muted">{positioning?.loading !== false ? 'reading…' : '—'}</span>
      )}
      {positioning?.error ? (
        <span className="tape-error" title={errorText(positioning.error)} data-testid="market-oi-error">
          not updating
        </span>
      ) : null}
      <button
        type="button"
        className="text-button"
        onClick={onRefresh}
        disabled={positioning?.loading === true}
        title={`Read open interest and holders again${read}`}
        aria-label="Read open interest and holders again"
        data-testid="market-data-refresh"
      >
        ↻
      </button>
    </div>
  );
}

export function MarketDataPanel({ market }: { market: MarketSummary }) {
  const [tab, setTab] = useState<Tab>('trades');
  const { positioning, refresh } = useMarketPositioning(market);
  return (
    <section className="md-panel" aria-label="Market data" data-testid="market-data">
      <header className="md-header">
        <div className="tabs an-tabs" role="tablist">
          <button type="button" role="tab" className="tab" aria-selected={tab === 'trades'} onClick={() => setTab('trades')} data-testid="market-data-tab-trades">
            Trades
          </button>
          <button type="button" role="tab" className="tab" aria-selected={tab === 'holders'} onClick={() => setTab('holders')} data-testid="market-data-tab-holders">
            Top holders
          </button>
        </div>
        <OpenInterest positioning={positioning} onRefresh={refresh} />
      </header>
      {tab === 'trades' ? <MarketTrades market={market} /> : <OutcomeHolders market={market} holders={positioning?.holders ?? []} loading={positioning?.loading !== false} />}
    </section>
  );
}
