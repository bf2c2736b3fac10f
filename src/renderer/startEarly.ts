/**
 * The first module the entry evaluates (main.tsx imports it before anything else): it opens the
 * bridge's socket (building `api` does) and starts fetching the first view's chunk, so both run
 * while the rest of the entry — React, the stores, the shell — is evaluated, not after it.
 */
import './bridge/api';
import { useNavigationStore } from './stores/navigationStore';
import { preloadView } from './views/viewLoaders';

/** Settles once the first view's code is here (or failed to come: its boundary will say so). */
export const firstViewLoaded: Promise<void> = preloadView(useNavigationStore.getState().view);
