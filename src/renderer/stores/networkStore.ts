/**
 * The networks the title bar offers and the switch between them: the menu's list, the preflight
 * of a picked network (what rests or runs now), and the switch itself. The switch's outcome
 * arrives as the `networkChanged` event; the stores reset on it (networkReset.ts).
 */
import { create } from 'zustand';
import type { NetworkChoice, NetworkSwitchPreflight } from '../../shared/networkSwitchViews';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

interface NetworkState {
  choices: NetworkChoice[];
  /** A switch asks to be confirmed: what the dialog lists. */
  pending: NetworkSwitchPreflight | null;
  /** The label of the network being switched to, while the switch runs. */
  switchingTo: string | null;
  error: BridgeError | null;
  loadChoices: () => Promise<void>;
  /** Picks a network: switches at once when nothing rests or runs, else asks (pending). */
  pick: (networkId: string) => Promise<void>;
  confirm: () => Promise<void>;
  dismiss: () => void;
}

export const useNetworkStore = create<NetworkState>()((set, get) => {
  const switchTo = async (networkId: string, label: string, confirmed: boolean) => {
    set({ switchingTo: label, error: null });
    const result = await api.switchNetwork({ networkId, confirmed });
    set({ switchingTo: null, pending: null, error: result.ok ? null : result.error });
    void get().loadChoices();
  };
  return {
    choices: [],
    pending: null,
    switchingTo: null,
    error: null,
    loadChoices: async () => {
      const result = await api.listNetworks({});
      if (result.ok) set({ choices: result.value });
      else set({ error: result.error });
    },
    pick: async (networkId) => {
      if (get().switchingTo) return;
      set({ error: null });
      const preflight = await api.getNetworkSwitchPreflight({ networkId });
      if (!preflight.ok) {
        set({ error: preflight.error });
        return;
      }
      if (preflight.value.from.id === networkId) return;
      if (preflight.value.needsConfirmation) set({ pending: preflight.value });
      else await switchTo(networkId, preflight.value.to.label, false);
    },
    confirm: async () => {
      const pending = get().pending;
      if (!pending || get().switchingTo) return;
      await switchTo(pending.to.id, pending.to.label, true);
    },
    dismiss: () => set({ pending: null, error: null }),
  };
});
