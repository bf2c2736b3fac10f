/**
 * Opens a one-time page of browser mode (a revealed key, a keystore export) in a new tab. The
 * page lives on another origin and sends `Cross-Origin-Opener-Policy: same-origin`, so this
 * window can neither read it nor keep a handle to it. Returns false if the browser blocked the tab.
 */
export function openOneTimePage(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  try {
    opened.opener = null; // still about:blank here; the page has no business reaching back
  } catch {
    // Already navigated cross-origin: COOP has severed the link anyway.
  }
  return true;
}
