/**
 * Open positions: sortable, filterable, virtualized. The price column says where the price came
 * from (the live order-book midpoint or the analytics service), or that there is none and why
 * (such a row is counted apart in the header); redeemable positions are flagged; a tradable row
 * opens its market in Trade.
 */
import { useMemo } from 'react';
import type { PositionView } from '../../../shared/portfolioViews';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { shortAddress } from '../../lib/address';
import { formatPrice, formatSignedPercent, formatSignedUsd, formatSize, formatUsd } from '../../lib/format';
import { pnlTone, toNumber } from './money';

const num = (value: string | null) => toNumber(value);

function PriceCell({ position }: { position: PositionView }) {
  if (position.unpricedReason !== null) {
    return (
      <span className="price-source price-source-none" title={position.unpricedReason} aria-label={position.unpricedReason} data-testid="position-unpriced">
        no price
      </span>
    );
  }
  return (
    <span className="price-cell">
      {formatPrice(position.curPrice, '0.001')}
      {position.priceSource ? (
        <span
          className={`price-source price-source-${position.priceSource}`}
          title={position.priceSource === 'book' ? 'Live: the order book’s midpoint' : 'From the analytics service (no live book)'}
          data-testid="position-price-source"
        >
          {position.priceSource === 'book' ? 'live' : 'svc'}
        </span>
      ) : null}
    </span>
  );
}

function buildColumns(showWallet: boolean): DataColumn<PositionView>[] {
  const columns: DataColumn<PositionView>[] = [
    {
      id: 'title',
      header: 'Market',
      sortValue: (p) => p.title.toLowerCase(),
      cell: (p) => (
        <span className="cell-ellipsis" title={p.title}>
          {p.redeemable ? <span className="badge badge-redeem" data-testid="position-redeemable">REDEEM</span> : null} {p.title}
        </span>
      ),
    },
    { id: 'outcome', header: 'Outcome', sortValue: (p) => p.outcome, cell: (p) => <span className="cell-ellipsis">{p.outcomeIndex === 999 ? <span className="muted">unlabeled</span> : p.outcome}</span> },
    { id: 'size', header: 'Shares', numeric: true, sortValue: (p) => num(p.size), cell: (p) => formatSize(p.size) },
    { id: 'avg', header: 'Avg', numeric: true, sortValue: (p) => num(p.avgPrice), cell: (p) => formatPrice(p.avgPrice, '0.001') },
    { id: 'price', header: 'Price', numeric: true, sortValue: (p) => num(p.curPrice), cell: (p) => <PriceCell position={p} /> },
    { id: 'cost', header: 'Cost', numeric: true, sortValue: (p) => num(p.initialValue), cell: (p) => (p.initialValue === null ? '—' : formatUsd(p.initialValue)) },
    {
      id: 'value',
      header: 'Value',
      numeric: true,
      sortValue: (p) => num(p.currentValue),
      cell: (p) => (p.currentValue === null ? <span title={p.unpricedReason ?? undefined}>—</span> : formatUsd(p.currentValue)),
    },
    { id: 'pnl', header: 'P&L', numeric: true, sortValue: (p) => num(p.cashPnl), cell: (p) => <span className={pnlTone(p.cashPnl)}>{formatSignedUsd(p.cashPnl)}</span> },
    { id: 'pct', header: 'P&L %', numeric: true, sortValue: (p) => num(p.percentPnl), cell: (p) => <span className={pnlTone(p.percentPnl)}>{formatSignedPercent(p.percentPnl)}</span> },
  ];
  if (showWallet) {
    columns.splice(2, 0, {
      id: 'wallet',
      header: 'Wallet',
      sortValue: (p) => p.wallet.label ?? p.wallet.address,
      cell: (p) => <span className="cell-ellipsis" title={p.wallet.address}>{p.wallet.label ?? shortAddress(p.wallet.address)}</span>,
    });
  }
  return columns;
}

const TEMPLATE = 'minmax(170px, 3fr) minmax(66px, 0.6fr) 70px 52px 84px 72px 72px 78px 64px';
const TEMPLATE_WALLET = 'minmax(150px, 3fr) minmax(66px, 0.6fr) minmax(70px, 0.8fr) 70px 52px 84px 72px 72px 78px 64px';

const searchText = (p: PositionView) => `${p.title} ${p.outcome} ${p.eventSlug} ${p.wallet.label ?? ''} ${p.wallet.address}`;
const rowKey = (p: PositionView) => `${p.wallet.address}:${p.tokenId}`;

interface PositionsTableProps {
  positions: PositionView[];
  showWallet: boolean;
  filter: string;
  onOpen: (position: PositionView) => void;
  empty: string;
}

export function PositionsTable({ positions, showWallet, filter, onOpen, empty }: PositionsTableProps) {
  const columns = useMemo(() => buildColumns(showWallet), [showWallet]);
  return (
    <DataTable
      rows={positions}
      columns={columns}
      rowKey={rowKey}
      searchText={searchText}
      filter={filter}
      template={showWallet ? TEMPLATE_WALLET : TEMPLATE}
      label="Open positions"
      testId="positions-table"
      rowTestId="position-row"
      rowAttributes={(p) => ({ 'data-token-id': p.tokenId, 'data-condition-id': p.conditionId, 'data-redeemable': p.redeemable, 'data-priced': p.currentValue !== null, title: p.tradable ? 'Open in Trade' : undefined })}
      onRowClick={onOpen}
      rowClickable={(p) => p.tradable}
      initialSort={[{ id: 'value', desc: true }]}
      empty={empty}
    />
  );
}
