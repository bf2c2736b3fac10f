/** Which of the Trade view's keyboard-driven dialogs is open: a cancel (with its scope), flatten, the kill switch, or the shortcuts sheet. */
import { create } from 'zustand';
import type { OrderSide } from '../../../shared/tradingViews';

export type CancelScope =
  | { kind: 'all' }
  | { kind: 'market'; conditionId: string; question: string }
  | { kind: 'side'; tokenId: string; outcome: string; side: OrderSide };

interface TradeDialogs {
  cancel: CancelScope | null;
  flatten: boolean;
  /** risk: the kill switch's confirmation. */
  kill: boolean;
  help: boolean;
  askCancel: (scope: CancelScope) => void;
  askFlatten: () => void;
  askKill: () => void;
  showHelp: () => void;
  close: () => void;
}

export const useTradeDialogs = create<TradeDialogs>()((set) => ({
  cancel: null,
  flatten: false,
  kill: false,
  help: false,
  askCancel: (scope) => set({ cancel: scope, flatten: false, kill: false, help: false }),
  askFlatten: () => set({ cancel: null, flatten: true, kill: false, help: false }),
  askKill: () => set({ cancel: null, flatten: false, kill: true, help: false }),
  showHelp: () => set({ cancel: null, flatten: false, kill: false, help: true }),
  close: () => set({ cancel: null, flatten: false, kill: false, help: false }),
}));
