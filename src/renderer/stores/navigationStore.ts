/**
 * The current view, mirrored in the URL hash (`#/markets`) so Back/Forward and reloads work in
 * browser mode and the nav can use real links. The access token lives in the query string, never
 * in the hash, so the two never interfere.
 */
import { create } from 'zustand';
import { DEFAULT_VIEW, isViewId, type ViewId } from '../views/viewRegistry';

const viewFromHash = (hash: string): ViewId => {
  const id = hash.replace(/^#\/?/, '');
  return isViewId(id) ? id : DEFAULT_VIEW;
};

export const hrefForView = (id: ViewId): string => `#/${id}`;

interface NavigationState {
  view: ViewId;
  syncFromLocation: () => void;
}

export const useNavigationStore = create<NavigationState>()((set) => ({
  view: viewFromHash(window.location.hash),
  syncFromLocation: () => set({ view: viewFromHash(window.location.hash) }),
}));

export const selectView = (s: NavigationState): ViewId => s.view;

/** Follows hash changes (links, Back/Forward); returns the unsubscribe. */
export function followLocationHash(): () => void {
  const onHashChange = () => useNavigationStore.getState().syncFromLocation();
  window.addEventListener('hashchange', onHashChange);
  return () => window.removeEventListener('hashchange', onHashChange);
}
