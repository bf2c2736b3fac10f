/**
 * The Activity view's feed: whose history, the filter and sort, the windows of rows read from the
 * local history store around what is on screen, the store's sync state and the sync and export
 * jobs. Everything is keyed by a query key (wallet + filter + sort): a change starts over, and an
 * answer for an older key is dropped.
 */
import { create } from 'zustand';
import type { ActivityFilter, ActivitySortKey, ExportResult, HistorySyncState } from '../../shared/portfolioViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { evictFar, windowsFor, WINDOW_ROWS, type Windows } from './activityWindows';
import { newJobId, useJobsStore } from './jobsStore';

export interface ActivitySort {
  key: ActivitySortKey;
  direction: 'asc' | 'desc';
}

export type ExportFormat = 'csv' | 'json';

/** Whose history: the active account (follows the switcher), one account, or any address. */
export type HistoryChoice = { kind: 'active' } | { kind: 'account'; accountId: string } | { kind: 'address'; address: string };

interface ActivityState {
  choice: HistoryChoice;
  /** The wallet whose history is shown (lower-case 0x address), or null before one is known. */
  address: string | null;
  filter: ActivityFilter;
  sort: ActivitySort;
  queryKey: string;
  /** Bumped when the local store gains rows: held windows are re-read. */
  revision: number;
  total: number | null;
  windows: Windows;
  inFlight: Readonly<Record<number, number>>;
  error: BridgeError | null;
  sync: HistorySyncState | null;
  syncJobId: string | null;
  syncError: BridgeError | null;
  exportJobId: string | null;
  exportResult: ExportResult | null;
  exportError: BridgeError | null;
  choose: (choice: HistoryChoice) => void;
  setAddress: (address: string | null) => void;
  setFilter: (filter: ActivityFilter) => void;
  setSort: (sort: ActivitySort) => void;
  /** The table shows rows [first, last]: read the windows missing or out of date. */
  ensureRows: (first: number, last: number) => void;
  receiveHistoryChanged: (state: HistorySyncState) => void;
  loadSyncState: () => Promise<void>;
  startSync: (full: boolean) => Promise<void>;
  cancelSync: () => Promise<void>;
  startExport: (format: ExportFormat) => Promise<ExportResult | null>;
  cancelExport: () => Promise<void>;
  clearExport: () => void;
}

/** Same facts as the held sync state: keep the held object, so views reading it do not re-render. */
const sameSync = (a: HistorySyncState | null, b: HistorySyncState): boolean =>
  a !== null &&
  a.wallet === b.wallet &&
  a.rows === b.rows &&
  a.complete === b.complete &&
  a.newestTs === b.newestTs &&
  a.oldestTs === b.oldestTs &&
  a.lastSyncedAt === b.lastSyncedAt &&
  a.runningJobId === b.runningJobId &&
  a.storageRetry?.nextRetryAt === b.storageRetry?.nextRetryAt &&
  a.storageRetry?.problem === b.storageRetry?.problem;

const keyOf = (address: string | null, filter: ActivityFilter, sort: ActivitySort): string => JSON.stringify([address, filter, sort]);
const DEFAULT_SORT: ActivitySort = { key: 'timestamp', direction: 'desc' };

/** A new query: nothing held belongs to it. */
const fresh = (address: string | null, filter: ActivityFilter, sort: ActivitySort) => ({
  address,
  filter,
  sort,
  queryKey: keyOf(address, filter, sort),
  total: null,
  windows: {},
  inFlight: {},
  error: null,
});

let lastRange: [number, number] = [0, WINDOW_ROWS - 1];

export const useActivityStore = create<ActivityState>()((set, get) => {
  async function readWindow(index: number): Promise<void> {
    const { address, filter, sort, queryKey, revision } = get();
    if (!address) return;
    set((s) => ({ inFlight: { ...s.inFlight, [index]: revision } }));
    const result = await api.queryActivity({ address, filter, sort, offset: index * WINDOW_ROWS, limit: WINDOW_ROWS });
    if (get().queryKey !== queryKey) return;
    set((s) => {
      const inFlight = { ...s.inFlight };
      delete inFlight[index];
      if (!result.ok) return { inFlight, error: result.error };
      const { total, rows, sync } = result.value;
      const windows = evictFar({ ...s.windows, [index]: { rows, revision } }, index);
      // Every answer carries the sync state; while scrolling it is the same facts each time, and
      // a new object would re-render the whole page (header, filters, table) once per window.
      return { inFlight, total, windows, sync: sameSync(s.sync, sync) ? s.sync : sync, error: null };
    });
    // The total may have grown or shrunk: the range on screen may now need other windows.
    get().ensureRows(...lastRange);
  }

  return {
    ...fresh(null, {}, DEFAULT_SORT),
    choice: { kind: 'active' },
    choose: (choice) => set({ choice }),
    revision: 0,
    sync: null,
    syncJobId: null,
    syncError: null,
    exportJobId: null,
    exportResult: null,
    exportError: null,
    setAddress: (address) => {
      const normalized = address?.toLowerCase() ?? null;
      if (normalized === get().address) return;
      lastRange = [0, WINDOW_ROWS - 1];
      set({ ...fresh(normalized, get().filter, get().sort), sync: null, syncError: null, exportResult: null, exportError: null });
      void get().loadSyncState();
      get().ensureRows(0, WINDOW_ROWS - 1);
    },
    setFilter: (filter) => {
      if (JSON.stringify(filter) === JSON.stringify(get().filter)) return;
      set(fresh(get().address, filter, get().sort));
      get().ensureRows(0, WINDOW_ROWS - 1);
    },
    setSort: (sort) => {
      set(fresh(get().address, get().filter, sort));
      get().ensureRows(0, WINDOW_ROWS - 1);
    },
    ensureRows: (first, last) => {
      lastRange = [first, last];
      const { address, total, windows, inFlight, revision, error } = get();
      // After a failed read nothing more is asked until Retry (no request storm while scrolling).
      if (!address || error) return;
      // Before the first answer the total is unknown, and an empty result may have grown since
      // (a sync ran): read the first window to learn it.
      const covered = total === null || total === 0 ? [] : windowsFor(first, last, total);
      const wanted = covered.length > 0 ? covered : [0];
      for (const index of wanted) {
        const held = windows[index];
        const pending = inFlight[index];
        if (held && held.revision >= revision) continue;
        if (pending !== undefined && pending >= revision) continue;
        void readWindow(index);
      }
    },
    receiveHistoryChanged: (state) => {
      if (state.wallet.toLowerCase() !== get().address) return;
      // A sync that tried again by itself and went through: the disk's refusal is over.
      set((s) => ({ sync: state, revision: s.revision + 1, syncError: s.syncError?.code === 'storage' && !state.storageRetry ? null : s.syncError }));
      get().ensureRows(...lastRange);
    },
    loadSyncState: async () => {
      const address = get().address;
      if (!address) return;
      const result = await api.getHistorySyncState({ address });
      if (get().address !== address) return;
      if (result.ok) set({ sync: result.value, syncJobId: get().syncJobId ?? result.value.runningJobId });
      else set({ syncError: result.error });
    },
    startSync: async (full) => {
      const address = get().address;
      if (!address || get().syncJobId) return;
      const jobId = newJobId('history');
      set({ syncJobId: jobId, syncError: null });
      const result = await api.syncActivityHistory({ address, jobId, full });
      useJobsStore.getState().forget(jobId);
      if (get().address !== address) return;
      if (result.ok) set((s) => ({ syncJobId: null, sync: result.value, revision: s.revision + 1 }));
      else set({ syncJobId: null, syncError: result.error });
      get().ensureRows(...lastRange);
    },
    cancelSync: async () => {
      const jobId = get().syncJobId;
      if (jobId) await api.cancelJob({ jobId });
    },
    startExport: async (format) => {
      const { address, filter } = get();
      if (!address || get().exportJobId) return null;
      const jobId = newJobId('export');
      set({ exportJobId: jobId, exportResult: null, exportError: null });
      const result = await api.exportActivity({ address, filter, format, jobId });
      useJobsStore.getState().forget(jobId);
      set({ exportJobId: null, exportResult: result.ok ? result.value : null, exportError: result.ok ? null : result.error });
      return result.ok ? result.value : null;
    },
    cancelExport: async () => {
      const jobId = get().exportJobId;
      if (jobId) await api.cancelJob({ jobId });
    },
    clearExport: () => set({ exportResult: null, exportError: null }),
  };
});

/** Re-reads after a failed window (the Retry button). */
export function retryActivity(): void {
  useActivityStore.setState({ error: null });
  useActivityStore.getState().ensureRows(...lastRange);
}

export const selectActivityTotal = (s: ActivityState): number | null => s.total;
export const selectSyncState = (s: ActivityState): HistorySyncState | null => s.sync;
