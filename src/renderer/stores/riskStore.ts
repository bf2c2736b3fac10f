/**
 * The active account's risk limits on this network and what it has used of them (main's
 * `getRiskState`), for the Risk panel. Read when the panel opens or its outcome changes, every
 * few seconds while it shows, and soon after anything that moves the figures (an order, a fill,
 * a change of limits in this window or another).
 */
import { create } from 'zustand';
import type { BridgeError } from '../../shared/result';
import type { RiskStateView } from '../../shared/riskLimits';
import { api } from '../bridge/api';

interface RiskStore {
  state: RiskStateView | null;
  /** The outcome whose position is shown (the traded one). */
  tokenId: string | null;
  error: BridgeError | null;
  /** Bumped when the limits themselves change: the ticket checks its order again. */
  limitsRevision: number;
  load: (tokenId: string | null) => Promise<void>;
  receive: (state: RiskStateView) => void;
  /** Reads again shortly, once for a burst of events; nothing when the panel never loaded. */
  reloadSoon: () => void;
}

const RELOAD_DELAY_MS = 300;
let generation = 0;
let reloadTimer: ReturnType<typeof setTimeout> | null = null;

export const useRiskStore = create<RiskStore>()((set, get) => ({
  state: null,
  tokenId: null,
  error: null,
  limitsRevision: 0,
  load: async (tokenId) => {
    const mine = ++generation;
    set({ tokenId });
    const result = await api.getRiskState(tokenId ? { tokenId } : {});
    if (mine !== generation) return;
    if (result.ok) get().receive(result.value);
    else set({ error: result.error });
  },
  receive: (state) =>
    set((s) => ({
      state,
      error: null,
      limitsRevision: JSON.stringify(s.state?.limits) === JSON.stringify(state.limits) && s.state?.accountId === state.accountId ? s.limitsRevision : s.limitsRevision + 1,
    })),
  reloadSoon: () => {
    if (get().state === null && get().error === null) return;
    if (reloadTimer) clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => {
      reloadTimer = null;
      void get().load(get().tokenId);
    }, RELOAD_DELAY_MS);
  },
}));
