/**
 * Orders that are known to be cancelled. Two kinds: the exchange's own cancels (its dead-man
 * switch after a heartbeat lapse), as notices that stay until dismissed — a trader must see what
 * is no longer on the book — and the ids every cancel answer named, so a list that showed an
 * order as placed (the quote grid's results) can say it was cancelled since.
 */
import { create } from 'zustand';
import type { OrdersCancelledNotice } from '../../shared/tradingViews';

/** Enough for any session's cancels; the oldest ids go first. */
const MAX_REMEMBERED = 5_000;

interface CancelledOrdersStore {
  notices: OrdersCancelledNotice[];
  /** Ids of orders known to be cancelled, by the user or the exchange. */
  cancelledIds: ReadonlySet<string>;
  receive: (notice: OrdersCancelledNotice) => void;
  dismiss: (at: number) => void;
  noteCancelled: (ids: readonly string[]) => void;
}

function remember(held: ReadonlySet<string>, ids: readonly string[]): ReadonlySet<string> {
  if (ids.every((id) => held.has(id))) return held;
  const next = [...held, ...ids.filter((id) => !held.has(id))];
  return new Set(next.slice(Math.max(0, next.length - MAX_REMEMBERED)));
}

export const useCancelledOrdersStore = create<CancelledOrdersStore>()((set) => ({
  notices: [],
  cancelledIds: new Set(),
  receive: (notice) => set((s) => ({ notices: [...s.notices, notice], cancelledIds: remember(s.cancelledIds, notice.orders.map((o) => o.id)) })),
  dismiss: (at) => set((s) => ({ notices: s.notices.filter((n) => n.at !== at) })),
  noteCancelled: (ids) => set((s) => ({ cancelledIds: remember(s.cancelledIds, ids) })),
}));

export const selectCancelledNotices = (s: CancelledOrdersStore): OrdersCancelledNotice[] => s.notices;
export const selectCancelledIds = (s: CancelledOrdersStore): ReadonlySet<string> => s.cancelledIds;
