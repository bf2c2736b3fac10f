/**
 * How this tab proves itself to the browser-mode host. Two ways:
 *
 * - The address `npm run web` prints carries `?token=…`; we move the token into sessionStorage and
 *   strip it from the address bar at once, so it does not end up in screenshots, bookmarks,
 *   history entries or a Referer. sessionStorage keeps a reload working in the same tab without
 *   writing the token anywhere that outlives it.
 * - The browser `npm run web` opens arrives through a single-use sign-in code that the host
 *   exchanged for an HttpOnly session cookie, then lands on `/?session=cookie`. The cookie is
 *   sent with the bridge socket by the browser; this page never sees it, and only remembers (in
 *   sessionStorage) that it should connect without a token.
 */
const STORAGE_KEY = 'marketdesk.bridgeToken';
const COOKIE_MARK_KEY = 'marketdesk.bridgeSession';

export type BridgeCredential = { kind: 'token'; token: string } | { kind: 'cookie' };

function readStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage can be disabled; the URL still works for this page load
  }
}

function store(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Without storage a reload will need the printed address again; nothing else breaks.
  }
}

/** Returns this tab's credential (from the URL first, else from the tab's session), or null. */
export function takeBridgeCredential(): BridgeCredential | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  const cookieMark = url.searchParams.get('session') === 'cookie';
  if (fromUrl !== null || url.searchParams.has('session')) {
    url.searchParams.delete('token');
    url.searchParams.delete('session');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  if (fromUrl !== null && fromUrl.length > 0) {
    store(STORAGE_KEY, fromUrl);
    return { kind: 'token', token: fromUrl };
  }
  if (cookieMark) {
    store(COOKIE_MARK_KEY, '1');
    return { kind: 'cookie' };
  }
  const stored = readStored(STORAGE_KEY);
  if (stored !== null && stored.length > 0) return { kind: 'token', token: stored };
  return readStored(COOKIE_MARK_KEY) === '1' ? { kind: 'cookie' } : null;
}
