/**
 * React and the shell: a chunk of its own, which the entry (main.tsx) imports once it has opened
 * the bridge's socket and sent the start-up reads. The entry's evaluation is short, so the
 * socket's `open` is handled and the reads go out while this chunk (react-dom, the shell) is
 * fetched, parsed and evaluated; the index.html links it as a modulepreload, so its fetch starts
 * with the page's (vite.renderer.config.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

export function renderApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
