/**
 * The Perps view's data: an account's equity series at one kline interval, its funding history
 * (from the local store, with totals per instrument, and the sync job) and the public trade tape
 * of one instrument. Each answer is kept only if it still matches what is shown.
 */
import { create } from 'zustand';
import type { PerpsEquitySeries, PerpsFundingPage, PerpsPublicTradeView } from '../../shared/perpsViews';
import type { PerpsEquityInterval } from '../../shared/protocol/perps';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { newJobId, useJobsStore } from './jobsStore';

const EQUITY_POINTS = 500;
const FUNDING_ROWS = 500;

interface PerpsMarketState {
  interval: PerpsEquityInterval;
  equity: PerpsEquitySeries | null;
  equityError: BridgeError | null;
  funding: PerpsFundingPage | null;
  fundingAccountId: string | null;
  fundingInstrument: number | null;
  fundingError: BridgeError | null;
  fundingJobId: string | null;
  fundingSyncError: BridgeError | null;
  tapeInstrument: number | null;
  trades: PerpsPublicTradeView[] | null;
  tradesError: BridgeError | null;
  setInterval: (interval: PerpsEquityInterval) => void;
  loadEquity: (accountId: string) => Promise<void>;
  loadFunding: (accountId: string) => Promise<void>;
  setFundingInstrument: (instrumentId: number | null) => void;
  syncFunding: (accountId: string, full: boolean) => Promise<void>;
  cancelFundingSync: () => Promise<void>;
  setTapeInstrument: (instrumentId: number) => void;
  loadTrades: () => Promise<void>;
}

export const usePerpsMarketStore = create<PerpsMarketState>()((set, get) => ({
  interval: '1m',
  equity: null,
  equityError: null,
  funding: null,
  fundingAccountId: null,
  fundingInstrument: null,
  fundingError: null,
  fundingJobId: null,
  fundingSyncError: null,
  tapeInstrument: null,
  trades: null,
  tradesError: null,
  setInterval: (interval) => set({ interval, equity: null, equityError: null }),
  loadEquity: async (accountId) => {
    const interval = get().interval;
    const result = await api.getPerpsEquity({ accountId, interval, points: EQUITY_POINTS });
    if (get().interval !== interval) return;
    if (result.ok) set({ equity: result.value, equityError: null });
    else set({ equityError: result.error, equity: get().equity?.accountId === accountId ? get().equity : null });
  },
  loadFunding: async (accountId) => {
    if (get().fundingAccountId !== accountId) set({ funding: null, fundingAccountId: accountId, fundingError: null, fundingSyncError: null });
    const instrumentId = get().fundingInstrument;
    const result = await api.queryPerpsFunding({ accountId, ...(instrumentId === null ? {} : { instrumentId }), offset: 0, limit: FUNDING_ROWS });
    if (get().fundingAccountId !== accountId || get().fundingInstrument !== instrumentId) return;
    if (result.ok) set((s) => ({ funding: result.value, fundingError: null, fundingJobId: s.fundingJobId ?? result.value.sync.runningJobId }));
    else set({ fundingError: result.error });
  },
  setFundingInstrument: (instrumentId) => {
    set({ fundingInstrument: instrumentId, funding: null });
    const accountId = get().fundingAccountId;
    if (accountId) void get().loadFunding(accountId);
  },
  syncFunding: async (accountId, full) => {
    if (get().fundingJobId) return;
    const jobId = newJobId('perps-funding');
    set({ fundingJobId: jobId, fundingSyncError: null });
    const result = await api.syncPerpsHistory({ accountId, kind: 'funding', jobId, full });
    useJobsStore.getState().forget(jobId);
    set({ fundingJobId: null, fundingSyncError: result.ok ? null : result.error });
    if (get().fundingAccountId === accountId) await get().loadFunding(accountId);
  },
  cancelFundingSync: async () => {
    const jobId = get().fundingJobId;
    if (jobId) await api.cancelJob({ jobId });
  },
  setTapeInstrument: (instrumentId) => {
    if (instrumentId === get().tapeInstrument) return;
    set({ tapeInstrument: instrumentId, trades: null, tradesError: null });
    void get().loadTrades();
  },
  loadTrades: async () => {
    const instrumentId = get().tapeInstrument;
    if (instrumentId === null) return;
    const result = await api.listPerpsTrades({ instrumentId, limit: 100 });
    if (get().tapeInstrument !== instrumentId) return;
    if (result.ok) set({ trades: result.value, tradesError: null });
    else set({ tradesError: result.error });
  },
}));

/** `perpsChanged` (funding) for the shown account: its funding rows are read again. */
export function receiveFundingChanged(accountId: string): void {
  const state = usePerpsMarketStore.getState();
  if (state.fundingAccountId === accountId && !state.fundingJobId) void state.loadFunding(accountId);
}
