/**
 * Questions main is asking in its own surface. The page only shows that one is open and where
 * to answer it (main's window, or a one-time page to open in browser mode), and can decline it;
 * it has no way to answer yes.
 */
import { create } from 'zustand';
import type { ConfirmationSettledView, PendingConfirmationView } from '../../shared/confirmationViews';
import { api } from '../bridge/api';

interface ConfirmationsState {
  pending: PendingConfirmationView[];
  receive: (view: PendingConfirmationView) => void;
  settle: (view: ConfirmationSettledView) => void;
  /** After a reload or a reconnect: the questions still open. */
  load: () => Promise<void>;
  decline: (id: string) => Promise<void>;
}

export const useConfirmationsStore = create<ConfirmationsState>()((set) => ({
  pending: [],
  receive: (view) => set((s) => ({ pending: [...s.pending.filter((p) => p.id !== view.id), view] })),
  settle: ({ id }) => set((s) => ({ pending: s.pending.filter((p) => p.id !== id) })),
  load: async () => {
    const result = await api.listPendingConfirmations({});
    if (result.ok) set({ pending: result.value });
  },
  decline: async (id) => {
    await api.declineConfirmation({ id });
    set((s) => ({ pending: s.pending.filter((p) => p.id !== id) }));
  },
}));
