/** The catalog's tags, for the Markets tag filter. Loaded once; Retry reloads after an error. */
import { create } from 'zustand';
import type { CatalogTag } from '../../shared/viewModels';
import type { BridgeError } from '../../shared/result';
import { api } from '../bridge/api';

interface CatalogTagsState {
  tags: CatalogTag[];
  phase: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  load: () => Promise<void>;
}

export const useCatalogTagsStore = create<CatalogTagsState>()((set, get) => ({
  tags: [],
  phase: 'idle',
  error: null,
  load: async () => {
    if (get().phase === 'loading') return;
    set({ phase: 'loading', error: null });
    const result = await api.listCatalogTags({});
    if (result.ok) {
      const tags = [...result.value].sort((a, b) => a.label.localeCompare(b.label));
      set({ phase: 'ready', tags });
    } else {
      set({ phase: 'error', error: result.error });
    }
  },
}));
