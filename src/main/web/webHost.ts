/**
 * The browser-mode host: the same core and contract as the desktop app, served to a browser
 * tab on 127.0.0.1. It exists because the Electron runtime cannot be installed everywhere, and
 * so the real renderer can be tested in a real browser against the real core.
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
import { REVEAL_PATH_PREFIX, type OneTimeRevealPages } from './oneTimeRevealPages';
import { serveStatic } from './staticFiles';

export interface WebHostOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  /** Tests may fix the token; normally a fresh random one per run. */
  token?: string;
  /** Pages that show a revealed key once (the core's secret presenter in browser mode). */
  revealPages?: OneTimeRevealPages;
}

export interface RunningWebHost {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

function refuseUpgrade(socket: Duplex, refusal: NonNullable<Refusal>): void {
  const reason = refusal.status === 401 ? 'Unauthorized' : 'Forbidden';
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reason}\r\nContent-Type: text/plain\r\nConnection: close\r\n` +
      `Content-Length: ${Buffer.byteLength(refusal.message)}\r\n\r\n${refusal.message}`,
  );
}

export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CALL_FRAME_BYTES });
  let port = 0;

  const server = createServer((request, response) => {
    const refusal = refuseForeignHost(request.headers.host, port);
    if (refusal) return void response.writeHead(refusal.status, { 'content-type': 'text/plain' }).end(refusal.message);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return void response.writeHead(405, { 'content-type': 'text/plain' }).end('Method not allowed');
    }
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    if (options.revealPages && path.startsWith(REVEAL_PATH_PREFIX)) return options.revealPages.serve(path, response);
    void serveStatic(options.rendererDir, path, response);
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const refusal =
      (url.pathname === BRIDGE_SOCKET_PATH ? null : ({ status: 403, message: 'Refused: unknown socket path.' } as const)) ??
      refuseForeignHost(request.headers.host, port) ??
      refuseForeignOrigin(request.headers.origin, port) ??
      refuseWrongToken(url.searchParams.get('token'), token);
    if (refusal) return refuseUpgrade(socket, refusal);
    sockets.handleUpgrade(request, socket, head, (ws) => attachBridgeSocket(ws, options.core));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
