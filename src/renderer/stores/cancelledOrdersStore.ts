/**
 * Orders the exchange cancelled without the user asking (its dead-man switch after a heartbeat
 * lapse), as notices that stay until dismissed: a trader must see what is no longer on the book.
 */
import { create } from 'zustand';
import type { OrdersCancelledNotice } from '../../shared/tradingViews';

interface CancelledOrdersStore {
  notices: OrdersCancelledNotice[];
  receive: (notice: OrdersCancelledNotice) => void;
  dismiss: (at: number) => void;
}

export const useCancelledOrdersStore = create<CancelledOrdersStore>()((set) => ({
  notices: [],
  receive: (notice) => set((s) => ({ notices: [...s.notices, notice] })),
  dismiss: (at) => set((s) => ({ notices: s.notices.filter((n) => n.at !== at) })),
}));

export const selectCancelledNotices = (s: CancelledOrdersStore): OrdersCancelledNotice[] => s.notices;
