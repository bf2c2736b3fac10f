/**
 * The browser-mode access token. `npm run web` prints an address carrying `?token=…`; we move the
 * token into sessionStorage and strip it from the address bar at once, so it does not end up in
 * screenshots, bookmarks, history entries or a Referer. sessionStorage keeps a reload working in
 * the same tab without writing the token anywhere that outlives it.
 */
const STORAGE_KEY = 'marketdesk.bridgeToken';

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be disabled; the URL token still works for this page load
  }
}

function store(token: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Without storage a reload will need the printed address again; nothing else breaks.
  }
}

/** Returns the token for this tab (from the URL first, else from the tab's session), or null. */
export function takeAccessToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl !== null) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (fromUrl.length > 0) {
      store(fromUrl);
      return fromUrl;
    }
  }
  const stored = readStored();
  return stored !== null && stored.length > 0 ? stored : null;
}
