/**
 * The combo filter of Activity → Combos (the service's `condition` on combo activity): which
 * combos' steps to list. Portfolio's combo positions open a combo's steps through here.
 */
import { create } from 'zustand';
import { useAccountsStore } from './accountsStore';
import { useActivityStore } from './activityStore';
import { hrefForView } from './navigationStore';

interface ComboFilterState {
  /** Lower-case combo condition ids; empty lists every combo. */
  conditionIds: string[];
  /** Another view asked Activity to show its Combos tab. */
  tabRequested: boolean;
  setConditionIds: (ids: string[]) => void;
  tabShown: () => void;
}

export const useComboFilterStore = create<ComboFilterState>()((set) => ({
  conditionIds: [],
  tabRequested: false,
  setConditionIds: (ids) => set({ conditionIds: [...new Set(ids.map((id) => id.toLowerCase()))] }),
  tabShown: () => set({ tabRequested: false }),
}));

/** Activity → Combos for one wallet, filtered to one combo (from a combo position). */
export function openComboActivity(wallet: string, conditionId: string): void {
  const account = useAccountsStore.getState().accounts.find((a) => (a.funder ?? a.address).toLowerCase() === wallet.toLowerCase());
  useActivityStore.getState().choose(account ? { kind: 'account', accountId: account.id } : { kind: 'address', address: wallet.toLowerCase() });
  useComboFilterStore.setState({ conditionIds: [conditionId.toLowerCase()], tabRequested: true });
  window.location.hash = hrefForView('activity');
}
