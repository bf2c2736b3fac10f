/**
 * Settled transfers in and out of the account, from the local history store: filter, sync (a job
 * with progress and Cancel), export, and a virtualized table of the loaded rows (500 a page). The
 * headers sort the whole stored history (main orders it and the first page is read again).
 */
import { useMemo, useState } from 'react';
import type { SortingState } from '@tanstack/react-table';
import { DataTable } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { selectTransferRows, selectTransferSync, useTransfersStore } from '../../stores/transfersStore';
import { PerpsSyncStatus } from '../perps/PerpsSyncStatus';
import { TRANSFER_COLUMNS, TRANSFER_SORT_KEYS, TRANSFER_TEMPLATE, transferKey, transferSearchText } from './transferColumns';
import { TransferExport } from './TransferExport';
import { TransferFilters } from './TransferFilters';
import { formatNumber } from '../../lib/format';

export function TransferHistory({ canSync }: { canSync: boolean }) {
  const rows = useTransfersStore(selectTransferRows);
  const total = useTransfersStore((s) => s.total);
  const loading = useTransfersStore((s) => s.loading);
  const error = useTransfersStore((s) => s.error);
  const sync = useTransfersStore(selectTransferSync);
  const syncJobId = useTransfersStore((s) => s.syncJobId);
  const syncError = useTransfersStore((s) => s.syncError);
  const startSync = useTransfersStore((s) => s.startSync);
  const cancelSync = useTransfersStore((s) => s.cancelSync);
  const reload = useTransfersStore((s) => s.reload);
  const loadMore = useTransfersStore((s) => s.loadMore);
  const sort = useTransfersStore((s) => s.sort);
  const setSort = useTransfersStore((s) => s.setSort);
  const [quickFilter, setQuickFilter] = useState('');
  const manualSort = useMemo(() => {
    const columnId = Object.keys(TRANSFER_SORT_KEYS).find((id) => TRANSFER_SORT_KEYS[id] === sort.key) ?? 'time';
    const sorting: SortingState = [{ id: columnId, desc: sort.direction === 'desc' }];
    const onChange = (next: SortingState) => {
      const first = next[0];
      const key = first ? TRANSFER_SORT_KEYS[first.id] : undefined;
      if (first && key) setSort({ key, direction: first.desc ? 'desc' : 'asc' });
    };
    return { sorting, onChange };
  }, [sort, setSort]);

  const empty = total === null ? 'Reading the local store…' : sync && sync.rows === 0 ? 'No transfers stored for this account yet: Sync reads them from the exchange.' : 'No transfer matches these filters.';
  return (
    <section className="an-card tx-history" aria-label="Transfer history" data-testid="transfer-history">
      <div className="an-toolbar">
        <span className="pane-title">History{total === null ? '' : ` (${formatNumber(total)})`}</span>
        <PerpsSyncStatus what="transfers" sync={sync} jobId={syncJobId} error={syncError} disabled={!canSync} onSync={(full) => void startSync(full)} onCancel={() => void cancelSync()} testId="transfer-sync" />
        <TransferExport />
      </div>
      <div className="act-filters">
        <TransferFilters />
      </div>
      {error ? <InlineError what="Could not read the transfer history" error={error} onRetry={() => void reload()} /> : null}
      <DataTable
        rows={rows}
        columns={TRANSFER_COLUMNS}
        rowKey={transferKey}
        searchText={transferSearchText}
        filter={quickFilter}
        template={TRANSFER_TEMPLATE}
        manualSort={manualSort}
        label="Transfers"
        testId="transfer-table"
        rowTestId="transfer-row"
        rowAttributes={(r) => ({ 'data-transfer-id': r.transferId, 'data-direction': r.direction, 'data-amount': r.amount, 'data-asset': r.asset })}
        empty={empty}
      />
      <footer className="an-more">
        <span className="muted" data-testid="transfer-loaded">
          {formatNumber(rows.length)} loaded{total !== null && rows.length >= total ? ' · all of them' : ''}
        </span>
        <input className="input an-filter" placeholder="Filter the rows shown" value={quickFilter} onChange={(e) => setQuickFilter(e.target.value)} aria-label="Find in loaded rows" />
        {total !== null && rows.length < total ? (
          <button type="button" className="button button-small" disabled={loading} onClick={() => void loadMore()} data-testid="transfer-load-more">
            {loading ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </footer>
    </section>
  );
}
