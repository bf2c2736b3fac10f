/**
 * Frame-style window guards, applied to every webContents the app ever creates (see index.ts):
 * the page can neither navigate, nor open windows, nor attach a <webview>. Each is a way for a
 * compromised page to put content the app did not ship next to the bridge.
 */
import { shell, type WebContents } from 'electron';
import { externalUrlToOpen, isAllowedNavigation } from './windowPolicy';

export function guardWebContents(contents: WebContents): void {
  // Top-level navigation would load foreign content into a window that still has window.api.
  contents.on('will-navigate', (event) => {
    if (!isAllowedNavigation(event.url)) event.preventDefault();
  });
  // Subframe navigations too (`will-navigate` covers only the main frame).
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url)) event.preventDefault();
  });
  // A server redirect is a navigation by another name.
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url)) event.preventDefault();
  });
  // webviewTag is off, but refuse here as well in case a preference is ever loosened.
  contents.on('will-attach-webview', (event) => event.preventDefault());

  // New windows are never created. An allow-listed https link (target=_blank) goes to the
  // user's browser instead, which is the only way the app opens anything outside itself.
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrlToOpen(url);
    if (external !== null) {
      shell.openExternal(external).catch(() => {
        // No browser configured: nothing useful to do, and nothing to leak.
      });
    }
    return { action: 'deny' };
  });
}
