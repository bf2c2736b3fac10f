/** The top holders of each outcome of a market, side by side, largest first. */
import type { HolderView, OutcomeHoldersView } from '../../../../shared/marketDataViews';
import type { MarketSummary } from '../../../../shared/viewModels';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { formatNumber, formatSize } from '../../../lib/format';
import { useOwnWallets, WalletLink } from '../../boards/WalletLink';
import { toNumber } from '../../portfolio/money';

const TEMPLATE = '28px minmax(90px, 1fr) 96px';

function columnsFor(own: ReadonlyMap<string, string>): DataColumn<HolderView>[] {
  return [
    { id: 'rank', header: '#', numeric: true, sortValue: (r) => r.rank, cell: (r) => <span className="muted">{r.rank}</span> },
    { id: 'wallet', header: 'Wallet', sortValue: (r) => r.wallet, cell: (r) => <WalletLink wallet={r.wallet} own={own} testId="holder-wallet" /> },
    { id: 'shares', header: 'Shares', numeric: true, sortValue: (r) => toNumber(r.shares), cell: (r) => formatSize(r.shares) },
  ];
}

export function OutcomeHolders({ market, holders, loading }: { market: MarketSummary; holders: readonly OutcomeHoldersView[]; loading: boolean }) {
  const own = useOwnWallets();
  const columns = columnsFor(own);
  return (
    <div className="md-body md-holders" data-testid="market-holders">
      {market.outcomes.map((outcome) => {
        const list = holders.find((h) => h.tokenId === outcome.tokenId);
        return (
          <section key={outcome.tokenId} className="md-outcome" aria-label={`Top holders of ${outcome.name}`} data-testid="outcome-holders" data-outcome={outcome.name} data-count={list?.holders.length ?? 0}>
            <h4 className="md-outcome-title">
              {outcome.name}
              <span className="muted">{list ? ` · ${list.more ? `top ${formatNumber(list.holders.length)}` : `${formatNumber(list.holders.length)} holder${list.holders.length === 1 ? '' : 's'}`}` : ''}</span>
            </h4>
            <DataTable
              rows={list?.holders ?? []}
              columns={columns}
              rowKey={(r) => r.wallet}
              searchText={(r) => r.wallet}
              filter=""
              template={TEMPLATE}
              label={`Top holders of ${outcome.name}`}
              testId="holders-table"
              rowTestId="holder-row"
              rowHeight={24}
              empty={list ? 'Nobody holds this outcome.' : loading ? 'Loading holders…' : '—'}
            />
          </section>
        );
      })}
    </div>
  );
}
