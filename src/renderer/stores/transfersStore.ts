/**
 * The Transfers view's history: one account's settled transfers in and out from the local history
 * store, filtered and sorted by main (every stored row, not the loaded page), read 500 rows a page; the sync walk (a job with progress and
 * Cancel) and the export. Keyed by account + filter + sort: a change starts over and an answer for
 * an older key is dropped, so rows never show under the wrong account.
 */
import { create } from 'zustand';
import type { PerpsHistorySyncState, PerpsTransferFilter, PerpsTransferSort, PerpsTransferView } from '../../shared/perpsViews';
import type { ExportResult } from '../../shared/portfolioViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { newJobId, useJobsStore } from './jobsStore';

/** Rows per read: the channel's maximum. */
export const TRANSFER_PAGE_ROWS = 500;
/** Newest first until a header says otherwise; main sorts every stored row, not one page. */
const DEFAULT_SORT: PerpsTransferSort = { key: 'createdAt', direction: 'desc' };

interface TransfersState {
  accountId: string | null;
  filter: PerpsTransferFilter;
  sort: PerpsTransferSort;
  queryKey: string;
  rows: PerpsTransferView[];
  total: number | null;
  loading: boolean;
  error: BridgeError | null;
  sync: PerpsHistorySyncState | null;
  syncJobId: string | null;
  syncError: BridgeError | null;
  exportJobId: string | null;
  exportResult: ExportResult | null;
  exportError: BridgeError | null;
  setAccount: (accountId: string | null) => void;
  setFilter: (filter: PerpsTransferFilter) => void;
  /** Orders the whole stored history (read again from the first page). */
  setSort: (sort: PerpsTransferSort) => void;
  /** Reads the first page again (after a sync, a send, an event). */
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
  startSync: (full: boolean) => Promise<void>;
  cancelSync: () => Promise<void>;
  startExport: (format: 'csv' | 'json') => Promise<void>;
  cancelExport: () => Promise<void>;
}

const keyOf = (accountId: string | null, filter: PerpsTransferFilter, sort: PerpsTransferSort) => JSON.stringify([accountId, filter, sort]);

export const useTransfersStore = create<TransfersState>()((set, get) => {
  async function readPage(offset: number): Promise<void> {
    const { accountId, filter, sort, queryKey } = get();
    if (!accountId) return;
    set({ loading: true });
    const result = await api.queryPerpsTransfers({ accountId, filter, sort, offset, limit: TRANSFER_PAGE_ROWS });
    if (get().queryKey !== queryKey) return;
    if (!result.ok) return set({ loading: false, error: result.error });
    const page = result.value;
    set((s) => ({
      loading: false,
      error: null,
      total: page.total,
      rows: offset === 0 ? page.rows : [...s.rows.slice(0, offset), ...page.rows],
      sync: page.sync,
      syncJobId: s.syncJobId ?? page.sync.runningJobId,
    }));
  }

  const restart = (accountId: string | null, filter: PerpsTransferFilter, sort: PerpsTransferSort) => {
    set({ accountId, filter, sort, queryKey: keyOf(accountId, filter, sort), rows: [], total: null, error: null });
    void readPage(0);
  };

  return {
    accountId: null,
    filter: {},
    sort: DEFAULT_SORT,
    queryKey: keyOf(null, {}, DEFAULT_SORT),
    rows: [],
    total: null,
    loading: false,
    error: null,
    sync: null,
    syncJobId: null,
    syncError: null,
    exportJobId: null,
    exportResult: null,
    exportError: null,
    setAccount: (accountId) => {
      if (accountId === get().accountId) return;
      set({ sync: null, syncJobId: null, syncError: null, exportResult: null, exportError: null });
      restart(accountId, get().filter, get().sort);
    },
    setFilter: (filter) => {
      if (JSON.stringify(filter) !== JSON.stringify(get().filter)) restart(get().accountId, filter, get().sort);
    },
    setSort: (sort) => {
      if (sort.key !== get().sort.key || sort.direction !== get().sort.direction) restart(get().accountId, get().filter, sort);
    },
    reload: () => readPage(0),
    loadMore: async () => {
      const { rows, total, loading } = get();
      if (loading || total === null || rows.length >= total) return;
      await readPage(rows.length);
    },
    startSync: async (full) => {
      const accountId = get().accountId;
      if (!accountId || get().syncJobId) return;
      const jobId = newJobId('perps-transfers');
      set({ syncJobId: jobId, syncError: null });
      const result = await api.syncPerpsHistory({ accountId, kind: 'transfers', jobId, full });
      useJobsStore.getState().forget(jobId);
      if (get().accountId !== accountId) return;
      set({ syncJobId: null, ...(result.ok ? { sync: result.value } : { syncError: result.error }) });
      await readPage(0);
    },
    cancelSync: async () => {
      const jobId = get().syncJobId;
      if (jobId) await api.cancelJob({ jobId });
    },
    startExport: async (format) => {
      const { accountId, filter } = get();
      if (!accountId || get().exportJobId) return;
      const jobId = newJobId('perps-export');
      set({ exportJobId: jobId, exportResult: null, exportError: null });
      const result = await api.exportPerpsTransfers({ accountId, filter, format, jobId });
      useJobsStore.getState().forget(jobId);
      set({ exportJobId: null, exportResult: result.ok ? result.value : null, exportError: result.ok ? null : result.error });
    },
    cancelExport: async () => {
      const jobId = get().exportJobId;
      if (jobId) await api.cancelJob({ jobId });
    },
  };
});

/** `perpsChanged` for transfers of the shown account: its rows are read again. */
export function receiveTransfersChanged(accountId: string): void {
  const state = useTransfersStore.getState();
  if (state.accountId === accountId && !state.syncJobId) void state.reload();
}

export const selectTransferRows = (s: TransfersState): PerpsTransferView[] => s.rows;
export const selectTransferSync = (s: TransfersState): PerpsHistorySyncState | null => s.sync;
