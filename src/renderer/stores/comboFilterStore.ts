/**
 * The combo filter of Activity → Combos (the service's `condition` on combo activity): which
 * combos' steps to list. Portfolio's combo positions open a combo's steps through here.
 */
import { create } from 'zustand';
import { MAX_CONDITION_IDS } from '../../shared/protocol/analytics';
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

const CONDITION_ID = /^0x[0-9a-f]{64}$/i;

/**
 * Pasted text as combo ids (separated by commas, spaces or new lines), added to those held; or a
 * sentence naming what is wrong, in which case nothing changes.
 */
export function parseComboIds(text: string, held: readonly string[]): { ids: string[] } | { problem: string } {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  if (words.length === 0) return { problem: 'Paste a combo id: 0x followed by 64 hex digits.' };
  const bad = words.find((word) => !CONDITION_ID.test(word));
  if (bad !== undefined) return { problem: `“${bad.length > 20 ? `${bad.slice(0, 20)}…` : bad}” is not a combo id: 0x followed by 64 hex digits.` };
  const ids = [...new Set([...held, ...words.map((word) => word.toLowerCase())])];
  if (ids.length > MAX_CONDITION_IDS) return { problem: `At most ${MAX_CONDITION_IDS} combos can be filtered at once (this would be ${ids.length}).` };
  return { ids };
}

/** Activity → Combos for one wallet, filtered to one combo (from a combo position). */
export function openComboActivity(wallet: string, conditionId: string): void {
  const account = useAccountsStore.getState().accounts.find((a) => (a.funder ?? a.address).toLowerCase() === wallet.toLowerCase());
  useActivityStore.getState().choose(account ? { kind: 'account', accountId: account.id } : { kind: 'address', address: wallet.toLowerCase() });
  useComboFilterStore.setState({ conditionIds: [conditionId.toLowerCase()], tabRequested: true });
  window.location.hash = hrefForView('activity');
}
