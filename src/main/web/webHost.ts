/**
 * The browser-mode host: the same core and contract as the desktop app, served to a browser
 * tab on 127.0.0.1. It exists because the Electron runtime cannot be installed everywhere, and
 * so the real renderer can be tested in a real browser against the real core.
 *
 * Secrets are never shown here: revealed keys and exported keystores go to one-time pages on a
 * server of their own, on another port (see oneTimePageServer.ts), so this origin never has them.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { BRIDGE_SOCKET_PATH, MAX_CALL_FRAME_BYTES } from '../../shared/webSocketProtocol';
import type { Core } from '../core/coreApi';
import { refuseForeignHost, refuseForeignOrigin, refuseWrongToken, type Refusal } from './accessGuards';
import { attachBridgeSocket } from './bridgeSocket';
import { DOWNLOADS_PREFIX, serveExportDownload } from './exportDownload';
import { plainTextHeaders } from './securityHeaders';
import { SIGN_IN_PATH, SignInCodes } from './signInCodes';
import { serveStatic } from './staticFiles';

export interface WebHostOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  /** Tests may fix the token; normally a fresh random one per run. */
  token?: string;
  /** Where the host reports its own failures (never request contents); stderr by default. */
  reportProblem?: (message: string) => void;
}

export interface RunningWebHost {
  url: string;
  port: number;
  token: string;
  /** A single-use address that signs a browser in with a cookie (for the opener's file). */
  issueSignInUrl(): string;
  /** Whether a request's Cookie header carries this run's session (the one-time pages ask). */
  hasSession(cookieHeader: string | undefined): boolean;
  close(): Promise<void>;
}

function refuseUpgrade(socket: Duplex, refusal: NonNullable<Refusal>): void {
  const reason = refusal.status === 401 ? 'Unauthorized' : 'Forbidden';
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(refusal.message)}\r\n\r\n${refusal.message}`,
  );
}

const SIGN_IN_USED = 'This sign-in address was already used or has expired. Use the address printed by `npm run web`.';

/**
 * The request's address, or null: a request line such as `GET // HTTP/1.1` is not a valid path
 * for `new URL`, and an exception in a server listener would end the whole host (and, with
 * heartbeats on, the exchange would then cancel the user's orders).
 */
function requestUrl(request: IncomingMessage): URL | null {
  try {
    return new URL(request.url ?? '/', 'http://local');
  } catch {
    return null;
  }
}

export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const reportProblem = options.reportProblem ?? ((message: string) => process.stderr.write(`${message}\n`));
  const signIn = new SignInCodes();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CALL_FRAME_BYTES });
  let port = 0;

  const server = createServer((request, response) => {
    const refusal = refuseForeignHost(request.headers.host, port);
    if (refusal) return void response.writeHead(refusal.status, plainTextHeaders()).end(refusal.message);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return void response.writeHead(405, plainTextHeaders({ allow: 'GET, HEAD' })).end('Method not allowed');
    }
    const url = requestUrl(request);
    if (!url) return void response.writeHead(400, plainTextHeaders()).end('Bad request: the address cannot be read.');
    if (url.pathname === SIGN_IN_PATH) {
      if (!signIn.redeem(url.searchParams.get('code'))) return void response.writeHead(403, plainTextHeaders()).end(SIGN_IN_USED);
      // 303 to the app: the code leaves the address bar and history at once.
      return void response
        .writeHead(303, plainTextHeaders({ location: '/?session=cookie', 'set-cookie': signIn.setCookieHeader(port) }))
        .end('Signed in.');
    }
    if (url.pathname.startsWith(DOWNLOADS_PREFIX)) {
      return serveExportDownload(options.core, url.pathname, request, response, signIn.hasSessionCookie(request.headers.cookie, port));
    }
    // A tab opened with the printed address gets the session cookie too: the one-time pages
    // (another port, same host, so the browser sends it) serve only a browser that holds it.
    const presented = url.searchParams.get('token');
    if (presented !== null && refuseWrongToken(presented, token) === null) response.setHeader('set-cookie', signIn.setCookieHeader(port));
    void serveStatic(options.rendererDir, url.pathname, response, port);
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands over the raw socket with no error listener: a reset here must not crash the host.
    socket.on('error', () => socket.destroy());
    const url = requestUrl(request);
    if (!url) return refuseUpgrade(socket, { status: 403, message: 'Refused: the address cannot be read.' });
    const hasSession = signIn.hasSessionCookie(request.headers.cookie, port);
    const refusal =
      (url.pathname === BRIDGE_SOCKET_PATH ? null : ({ status: 403, message: 'Refused: unknown socket path.' } as const)) ??
      refuseForeignHost(request.headers.host, port) ??
      refuseForeignOrigin(request.headers.origin, port) ??
      // The session cookie (from a sign-in code) or the printed token: either proves the credential.
      (hasSession ? null : refuseWrongToken(url.searchParams.get('token'), token));
    if (refusal) return refuseUpgrade(socket, refusal);
    sockets.handleUpgrade(request, socket, head, (ws) => attachBridgeSocket(ws, options.core));
  });
  // Per-connection errors are handled on each socket; these are the servers' own.
  sockets.on('error', (error) => reportProblem(`Marketdesk bridge error: ${error.message}`));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', (error) => reportProblem(`Marketdesk web host error: ${error.message}`));
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    issueSignInUrl: () => `http://127.0.0.1:${port}${SIGN_IN_PATH}?code=${signIn.issue()}`,
    hasSession: (cookieHeader) => signIn.hasSessionCookie(cookieHeader, port),
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
