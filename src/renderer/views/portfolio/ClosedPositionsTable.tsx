/** Positions sold out or redeemed, with what they realized. */
import type { ClosedPositionView } from '../../../shared/portfolioViews';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { shortAddress } from '../../lib/address';
import { formatDateTime, formatPrice, formatSignedUsd, formatSize } from '../../lib/format';
import { epochMs, pnlTone, toNumber } from './money';

const COLUMNS: DataColumn<ClosedPositionView>[] = [
  { id: 'closed', header: 'Closed', sortValue: (p) => p.closedAt, cell: (p) => <span className="num">{formatDateTime(epochMs(p.closedAt))}</span> },
  { id: 'title', header: 'Market', sortValue: (p) => p.title.toLowerCase(), cell: (p) => <span className="cell-ellipsis" title={p.title}>{p.title}</span> },
  { id: 'outcome', header: 'Outcome', sortValue: (p) => p.outcome, cell: (p) => p.outcome },
  { id: 'wallet', header: 'Wallet', sortValue: (p) => p.wallet.label ?? p.wallet.address, cell: (p) => <span title={p.wallet.address}>{p.wallet.label ?? shortAddress(p.wallet.address)}</span> },
  { id: 'avg', header: 'Avg', numeric: true, sortValue: (p) => toNumber(p.avgPrice), cell: (p) => formatPrice(p.avgPrice, '0.001') },
  { id: 'bought', header: 'Bought', numeric: true, sortValue: (p) => toNumber(p.totalBought), cell: (p) => formatSize(p.totalBought) },
  { id: 'pnl', header: 'Realized', numeric: true, sortValue: (p) => toNumber(p.realizedPnl), cell: (p) => <span className={pnlTone(p.realizedPnl)}>{formatSignedUsd(p.realizedPnl)}</span> },
];

const TEMPLATE = '124px minmax(220px, 3fr) minmax(60px, 0.8fr) minmax(80px, 1fr) 56px 80px 90px';
const searchText = (p: ClosedPositionView) => `${p.title} ${p.outcome} ${p.eventSlug} ${p.wallet.label ?? ''} ${p.wallet.address}`;
const rowKey = (p: ClosedPositionView) => `${p.wallet.address}:${p.tokenId}:${p.closedAt}`;

export function ClosedPositionsTable({ closed, filter }: { closed: ClosedPositionView[]; filter: string }) {
  return (
    <DataTable
      rows={closed}
      columns={COLUMNS}
      rowKey={rowKey}
      searchText={searchText}
      filter={filter}
      template={TEMPLATE}
      label="Closed positions"
      testId="closed-positions-table"
      rowTestId="closed-position-row"
      initialSort={[{ id: 'closed', desc: true }]}
      empty="No closed positions."
    />
  );
}
