/**
 * The first signed operation of each kind on a live network is explained before it is sent:
 * `ensureLiveAcknowledged(kind)` resolves true at once on the sandbox or when the account has
 * read it already here, and otherwise opens the explanation (LiveOperationDialog) and resolves
 * with the user's answer. The core refuses the operation until it is acknowledged anyway; this
 * only puts the explanation where the user is, before the send.
 */
import { create } from 'zustand';
import type { LiveAcknowledgementsView, LiveOperationExplanation, LiveOperationKind } from '../../shared/liveGuardrails';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';
import { useAccountsStore } from './accountsStore';
import { useAppStatusStore } from './appStatusStore';

export interface LiveQuestion {
  view: LiveAcknowledgementsView;
  explanation: LiveOperationExplanation;
  accountLabel: string;
}

interface LiveOperationState {
  asking: LiveQuestion | null;
  pending: boolean;
  error: BridgeError | null;
  /** Kinds known acknowledged, by `${networkId}|${accountId}` (they are never withdrawn). */
  known: Record<string, LiveOperationKind[]>;
  accept: () => Promise<void>;
  decline: () => void;
}

let answer: ((ok: boolean) => void) | null = null;
const keyOf = (networkId: string, accountId: string) => `${networkId}|${accountId}`;

export const useLiveOperationStore = create<LiveOperationState>()((set, get) => ({
  asking: null,
  pending: false,
  error: null,
  known: {},
  accept: async () => {
    const asking = get().asking;
    if (!asking || get().pending) return;
    const { view, explanation } = asking;
    set({ pending: true, error: null });
    const result = await api.acknowledgeLiveOperation({ accountId: view.accountId, kind: explanation.kind, networkId: view.networkId });
    if (!result.ok) {
      set({ pending: false, error: result.error });
      return;
    }
    set((s) => ({ pending: false, asking: null, known: { ...s.known, [keyOf(view.networkId, view.accountId)]: result.value.acknowledged } }));
    settle(true);
  },
  decline: () => {
    if (get().pending) return;
    set({ asking: null, error: null });
    settle(false);
  },
}));

function settle(ok: boolean): void {
  const resolve = answer;
  answer = null;
  resolve?.(ok);
}

/** Whether the operation may go on to its normal flow (after the explanation, when one is due). */
export async function ensureLiveAcknowledged(kind: LiveOperationKind, accountId?: string): Promise<boolean> {
  const network = useAppStatusStore.getState().status?.network;
  if (network?.isSandbox) return true;
  const accounts = useAccountsStore.getState();
  const id = accountId ?? accounts.activeAccountId;
  // No account: the operation's own answer says what is missing.
  if (!id) return true;
  if (network && useLiveOperationStore.getState().known[keyOf(network.id, id)]?.includes(kind)) return true;
  const result = await api.getLiveAcknowledgements({ accountId: id });
  // Unreadable: the core still refuses an unacknowledged operation, and says so.
  if (!result.ok) return true;
  const view = result.value;
  useLiveOperationStore.setState((s) => ({ known: { ...s.known, [keyOf(view.networkId, view.accountId)]: view.acknowledged } }));
  const explanation = view.pending.find((item) => item.kind === kind);
  if (view.isSandbox || !explanation) return true;
  settle(false); // a question still open (another window of the form) is answered "no"
  const accountLabel = accounts.accounts.find((a) => a.id === id)?.label ?? '';
  useLiveOperationStore.setState({ asking: { view, explanation, accountLabel }, pending: false, error: null });
  return new Promise<boolean>((resolve) => {
    answer = resolve;
  });
}
