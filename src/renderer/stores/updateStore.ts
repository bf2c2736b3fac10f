/** The app update state main pushes (updater): off and why, checking, downloading, ready. */
import { create } from 'zustand';
import type { BridgeError } from '../../shared/result';
import type { UpdateState } from '../../shared/updates';
import { api } from '../bridge/api';

interface UpdateStoreState {
  update: UpdateState | null;
  loadError: BridgeError | null;
  load: () => Promise<void>;
  receive: (update: UpdateState) => void;
}

export const useUpdateStore = create<UpdateStoreState>()((set) => ({
  update: null,
  loadError: null,
  load: async () => {
    const result = await api.getUpdateState({});
    if (result.ok) set({ update: result.value, loadError: null });
    else set({ loadError: result.error });
  },
  receive: (update) => set({ update, loadError: null }),
}));

/** The version waiting to be installed, for the status bar prompt. */
export const selectReadyVersion = (s: UpdateStoreState): string | null => (s.update?.status.phase === 'ready' ? s.update.status.version : null);
