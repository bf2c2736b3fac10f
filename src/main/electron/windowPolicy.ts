/**
 * The window security policy (DESIGN invariant 6) as pure functions. Nothing here imports
 * `electron`, so every rule is unit-tested under plain Node; the shell only wires them in.
 * Each check is named after the threat it stops.
 */

/** The origin the production renderer is served from (see appProtocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'marketdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Hosts the app may hand to the OS browser. Exact host names only: a suffix or wildcard rule is
 * how `allowed.host.evil.com` gets through. Add a host here when a view gains a link to it.
 */
export const EXTERNAL_LINK_HOSTS: readonly string[] = [
  'github.com', // project home and issue reports
  'polygonscan.com', // addresses and transactions on chain 137
  'amoy.polygonscan.com', // the same on the test chain 80002
];

/** The subset of Electron's WebPreferences we set; structurally assignable to it. */
export interface HardenedWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  plugins: false;
  experimentalFeatures: false;
  enableWebSQL: false;
  spellcheck: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
  disableBlinkFeatures: string;
  devTools: boolean;
}

/**
 * Preferences for every window. A renderer that is compromised (a malicious market title that
 * slips past React, a poisoned dependency) must find no Node, no preload globals, no way to load
 * remote code and no way to navigate away with the bridge still attached.
 */
export function hardenedWebPreferences(
  preloadPath: string,
  options: { devTools?: boolean } = {},
): HardenedWebPreferences {
  return {
    preload: preloadPath,
    // The preload's world stays separate from the page's: the page sees only `window.api`.
    contextIsolation: true,
    // OS-level renderer sandbox: a renderer exploit does not get the user's files.
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    // <webview> would be a second, unguarded browser inside the app.
    webviewTag: false,
    plugins: false,
    experimentalFeatures: false,
    enableWebSQL: false,
    // Spellcheck sends typed words (labels, notes) to a dictionary service on some platforms.
    spellcheck: false,
    // Dropping a file or link on the window must not navigate it away from the app.
    navigateOnDragDrop: false,
    // A looping page cannot lock the user out with endless alert() dialogs.
    safeDialogs: true,
    // Middle-click opens links outside the new-window handler's control.
    disableBlinkFeatures: 'Auxclick',
    devTools: options.devTools ?? false,
  };
}

/**
 * The renderer's Content-Security-Policy. Everything is bundled and served from the app's own
 * origin, and all data arrives over the bridge, so nothing else is needed: no inline or eval'd
 * script (an injected `<script>` does nothing), no inline styles, no remote connections to
 * exfiltrate to, no plugins, frames, base-URL rewrites or form posts.
 */
export function contentSecurityPolicy(): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Whether a window may navigate to `url`: never. The app is a single page that loads once; any
 * navigation is a page trying to replace itself with content that would inherit `window.api`.
 */
export function isAllowedNavigation(_url: string): false {
  return false;
}

const IP_V4_LITERAL = /^\d{1,3}(\.\d{1,3}){3}$/;
const MAX_EXTERNAL_URL_LENGTH = 2048;

/**
 * The normalized URL to give `shell.openExternal`, or null to refuse. openExternal hands the
 * string to the OS, which will happily run `file:`, `smb:` or custom-protocol handlers, so only
 * https to an exact allow-listed host passes. Credentials (`https://github.com@evil.com`),
 * non-default ports and IP literals are refused outright: none has a legitimate use here and each
 * is a classic way to disguise the real destination.
 */
export function externalUrlToOpen(url: string): string | null {
  if (typeof url !== 'string' || url.length > MAX_EXTERNAL_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  if (parsed.port !== '') return null;
  const host = parsed.hostname;
  if (host.startsWith('[') || IP_V4_LITERAL.test(host)) return null;
  if (!EXTERNAL_LINK_HOSTS.includes(host)) return null;
  return parsed.href;
}

export function isAllowedExternalUrl(url: string): boolean {
  return externalUrlToOpen(url) !== null;
}

/** What the sender check needs to know about the frame behind an IPC call. */
export interface SenderFrame {
  url: string;
  isTopFrame: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The dev server's origin, only if it is a loopback http(s) URL; anything else is ignored. */
function loopbackDevOrigin(devServerUrl: string | undefined): string | null {
  if (!devServerUrl) return null;
  try {
    const dev = new URL(devServerUrl);
    if (dev.protocol !== 'http:' && dev.protocol !== 'https:') return null;
    if (!LOOPBACK_HOSTS.has(dev.hostname)) return null;
    return dev.origin;
  } catch {
    return null;
  }
}

/**
 * Whether an IPC call may reach the core. The bridge can move money, so it answers only the app's
 * own top-level page: a subframe (an iframe some future view embeds, an ad in a market
 * description) or a page that got navigated somewhere else must not be able to call it even if
 * it somehow reaches `ipcRenderer`. `devServerUrl` is electron-vite's dev server, trusted only in
 * unpackaged runs (the shell passes undefined otherwise) and only when it is on loopback.
 */
export function isTrustedSender(
  frame: SenderFrame | null | undefined,
  devServerUrl?: string,
): boolean {
  // A null frame navigated or was destroyed while the call was in flight.
  if (!frame || !frame.isTopFrame) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  // `app://marketdesk@evil/` has host `evil`; credentials never belong in our own URLs.
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === `${APP_SCHEME}:`) return url.hostname === APP_HOST && url.port === '';
  const devOrigin = loopbackDevOrigin(devServerUrl);
  if (devOrigin === null) return false;
  // Compare whole origins: same scheme, host and port as the dev server, nothing looser.
  return `${url.protocol}//${url.host}` === devOrigin;
}
