/**
 * The transfer history's columns: time, direction, counterparty (the own account's label when it
 * is one), asset, amount in asset units (signed: out is negative), label and transfer id. Main
 * sorts all stored rows (TRANSFER_SORT_KEYS): a header click reads the history again in that
 * order.
 */
import type { PerpsTransferSortKey, PerpsTransferView } from '../../../shared/perpsViews';
import type { DataColumn } from '../../components/DataTable';
import { shortAddress } from '../../lib/address';
import { formatDateTime, formatSignedAmount } from '../../lib/format';

export const TRANSFER_COLUMNS: readonly DataColumn<PerpsTransferView>[] = [
  { id: 'time', header: 'Time', sortValue: (r) => r.createdAt, cell: (r) => <span className="num">{formatDateTime(r.createdAt)}</span> },
  {
    id: 'direction',
    header: 'Dir',
    sortValue: (r) => r.direction,
    cell: (r) => <span className={r.direction === 'in' ? 'tone-bid' : 'tone-ask'}>{r.direction === 'in' ? 'IN' : 'OUT'}</span>,
  },
  {
    id: 'counterparty',
    header: 'Counterparty',
    sortValue: (r) => r.counterparty,
    cell: (r) => (
      <span title={r.counterparty} data-testid="transfer-counterparty">
        {r.counterpartyAccountLabel ? (
          <>
            <span className="badge tx-own">own</span> {r.counterpartyAccountLabel} <span className="muted num">{shortAddress(r.counterparty)}</span>
          </>
        ) : (
          <span className="num">{shortAddress(r.counterparty)}</span>
        )}
      </span>
    ),
  },
  { id: 'asset', header: 'Asset', sortValue: (r) => r.asset, cell: (r) => r.asset },
  {
    id: 'amount',
    header: 'Amount',
    numeric: true,
    sortValue: (r) => Number(r.amount),
    cell: (r) => (
      <span className={r.amount.startsWith('-') ? 'tone-ask' : 'tone-bid'} data-testid="transfer-amount">
        {formatSignedAmount(r.amount)}
      </span>
    ),
  },
  { id: 'label', header: 'Label', sortValue: (r) => r.label, cell: (r) => (r.label ? <span title={r.label}>{r.label}</span> : <span className="muted">—</span>) },
  { id: 'id', header: 'Id', numeric: true, sortValue: (r) => r.transferId, cell: (r) => <span className="muted">{r.transferId}</span> },
];

/** The store's sort key of each sortable column (the counterparty sorts by address). */
export const TRANSFER_SORT_KEYS: Readonly<Record<string, PerpsTransferSortKey>> = {
  time: 'createdAt',
  direction: 'direction',
  counterparty: 'counterparty',
  asset: 'asset',
  amount: 'amount',
  label: 'label',
  id: 'transferId',
};

export const TRANSFER_TEMPLATE = '124px 44px minmax(200px, 2fr) 64px 130px minmax(120px, 1.5fr) 64px';
export const transferSearchText = (r: PerpsTransferView): string => `${r.counterparty} ${r.counterpartyAccountLabel ?? ''} ${r.asset} ${r.label} ${r.transferId}`;
export const transferKey = (r: PerpsTransferView): string => `${r.transferId}-${r.direction}`;
