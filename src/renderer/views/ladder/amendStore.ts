/** Which working order the amend dialog is open for (from the ladder or an open-order row), and a price to start from. */
import { create } from 'zustand';
import type { OpenOrderView } from '../../../shared/tradingViews';

interface AmendState {
  orderId: string | null;
  /** Suggested new price (a drag onto another level); null keeps the order's own. */
  price: string | null;
  open: (orderId: string, price?: string | null) => void;
  close: () => void;
}

export const useAmendStore = create<AmendState>()((set) => ({
  orderId: null,
  price: null,
  open: (orderId, price = null) => set({ orderId, price }),
  close: () => set({ orderId: null, price: null }),
}));

/** For open-order rows: `onClick={() => amendOrder(order)}`. */
export const amendOrder = (order: Pick<OpenOrderView, 'id'>): void => useAmendStore.getState().open(order.id);
