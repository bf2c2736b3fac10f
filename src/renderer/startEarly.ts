/**
 * An entry of its own, which index.html runs as an async module script as soon as this small
 * file is here (vite.renderer.config.ts): it opens the bridge's socket (building `api` does) and
 * starts fetching the first view's chunk, before the main entry (main.tsx, which imports this
 * same module: the same socket, the same promise) has been fetched and evaluated. The socket is
 * then usually open when the entry sends the start-up reads, and they go out at once.
 */
import './bridge/api';
import { useNavigationStore } from './stores/navigationStore';
import { preloadView } from './views/viewLoaders';

/** Settles once the first view's code is here (or failed to come: its boundary will say so). */
export const firstViewLoaded: Promise<void> = preloadView(useNavigationStore.getState().view);
