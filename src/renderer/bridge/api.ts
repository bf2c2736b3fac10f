/**
 * The one `BridgeApi` the renderer uses. In the desktop app the Electron preload provides
 * `window.api`; in browser mode (`npm run web`, E2E tests) we build the same API over a WebSocket
 * to the web host. Views never care which: they import `api` from here.
 */
import { buildBridgeApi, type BridgeApi, type BridgeTransport } from '../../shared/bridgeApi';
import { BRIDGE_SOCKET_PATH } from '../../shared/webSocketProtocol';
import { takeBridgeCredential } from './accessToken';
import { createWebSocketTransport, type WebSocketTransport } from './webSocketTransport';

/**
 * `needs-token`: browser mode without an access token — nothing will connect, so the app shows
 * a full-page explanation instead of a broken shell.
 */
export type BridgeMode = 'electron' | 'browser' | 'needs-token';

interface BridgeAccess {
  mode: BridgeMode;
  api: BridgeApi;
  /** The WebSocket link in browser mode; its state drives reconnects and the status bar. */
  link: WebSocketTransport | null;
}

/** A transport that fails every call, so code paths stay uniform when no bridge can exist. */
const unavailableTransport: BridgeTransport = {
  invoke: () =>
    Promise.resolve({
      ok: false,
      error: { code: 'network', message: 'This page has no access token for Marketdesk', retryable: false },
    }),
  subscribe: () => () => undefined,
};

function resolveBridge(): BridgeAccess {
  if (window.api) return { mode: 'electron', api: window.api, link: null };
  const credential = window.location.protocol.startsWith('http') ? takeBridgeCredential() : null;
  if (credential === null) return { mode: 'needs-token', api: buildBridgeApi(unavailableTransport), link: null };
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  // With a session cookie the browser sends the credential itself (HttpOnly: never readable here).
  const query = credential.kind === 'token' ? `?token=${encodeURIComponent(credential.token)}` : '';
  const url = `${scheme}//${window.location.host}${BRIDGE_SOCKET_PATH}${query}`;
  const link = createWebSocketTransport({ url });
  return { mode: 'browser', api: buildBridgeApi(link), link };
}

const access = resolveBridge();

export const api: BridgeApi = access.api;
export const bridgeMode: BridgeMode = access.mode;
export const bridgeLink: WebSocketTransport | null = access.link;
