/**
 * A market's trades from the analytics feed: both outcomes, who traded, newest first, re-read
 * every few seconds while shown, older pages on "Load more". The Trade view's tape is the order
 * book's own (fresher, one outcome, no wallets); this is the record of who traded the market.
 */
import { useEffect, useMemo } from 'react';
import type { MarketTradeView } from '../../../../shared/marketDataViews';
import type { MarketSummary } from '../../../../shared/viewModels';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { InlineError } from '../../../components/InlineError';
import { usePolling } from '../../../hooks/usePolling';
import { formatDateTime, formatPrice, formatSize, formatUsd } from '../../../lib/format';
import { useMarketTradesStore } from '../../../stores/marketTradesStore';
import { useOwnWallets, WalletLink } from '../../boards/WalletLink';
import { LoadMore } from '../../boards/boardControls';
import { epochMs, toNumber } from '../../portfolio/money';

export const MARKET_TRADES_REFRESH_MS = 15_000;
// The least widths fit under the books at 1440 px (about 580 px); narrower, the table scrolls sideways.
const TEMPLATE = '112px 42px minmax(48px, 1fr) 56px 72px 72px minmax(92px, 1.2fr)';

function columnsFor(market: MarketSummary, own: ReadonlyMap<string, string>): DataColumn<MarketTradeView>[] {
  // The service leaves some fills unlabelled (its 999); their token still names the outcome in the catalog.
  const outcomeOf = (r: MarketTradeView) => r.outcome ?? market.outcomes.find((o) => o.tokenId === r.tokenId)?.name ?? null;
  return [
    { id: 'time', header: 'Time', sortValue: (r) => r.timestamp, cell: (r) => <span className="num muted">{formatDateTime(epochMs(r.timestamp))}</span> },
    { id: 'side', header: 'Side', sortValue: (r) => r.side, cell: (r) => <span className={r.side === 'BUY' ? 'tone-bid' : 'tone-ask'} title={r.role}>{r.side}</span> },
    { id: 'outcome', header: 'Outcome', sortValue: outcomeOf, cell: (r) => <span className="cell-ellipsis">{outcomeOf(r) ?? '—'}</span> },
    { id: 'price', header: 'Price', numeric: true, sortValue: (r) => toNumber(r.price), cell: (r) => formatPrice(r.price, market.tickSize) },
    { id: 'shares', header: 'Shares', numeric: true, sortValue: (r) => toNumber(r.size), cell: (r) => formatSize(r.size) },
    { id: 'usd', header: 'USD', numeric: true, sortValue: (r) => toNumber(r.usdcSize), cell: (r) => (r.usdcSize === null ? '—' : formatUsd(r.usdcSize)) },
    { id: 'wallet', header: 'Wallet', sortValue: (r) => r.wallet, cell: (r) => <WalletLink wallet={r.wallet} own={own} testId="market-trade-wallet" /> },
  ];
}

export function MarketTrades({ market }: { market: MarketSummary }) {
  const { rows, nextCursor, phase, loadingMore, error, show, refresh, loadMore } = useMarketTradesStore();
  const own = useOwnWallets();
  const columns = useMemo(() => columnsFor(market, own), [market, own]);
  useEffect(() => show(market.conditionId), [market.conditionId, show]);
  usePolling(market.conditionId, MARKET_TRADES_REFRESH_MS, refresh, 'analytics');
  return (
    <div className="md-body" data-testid="market-trades" data-phase={phase}>
      {error ? <InlineError what="Could not read this market's trades" error={error} onRetry={() => void refresh()} /> : null}
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.key}
        searchText={(r) => `${r.wallet} ${r.outcome ?? ''} ${r.side}`}
        filter=""
        template={TEMPLATE}
        label="Trades in this market"
        testId="market-trades-table"
        rowTestId="market-trade-row"
        rowAttributes={(r) => ({ 'data-side': r.side, 'data-token-id': r.tokenId })}
        rowHeight={24}
        empty={phase === 'ready' ? 'No trades in this market yet.' : phase === 'error' ? 'Nothing to show until the trades can be read.' : 'Loading trades…'}
      />
      <LoadMore count={rows.length} nextCursor={nextCursor} loading={loadingMore} onMore={() => void loadMore()} testId="market-trades-more" />
    </div>
  );
}
