/**
 * The server of browser mode's one-time pages: its own loopback port, hence its own origin, so
 * nothing the app's page (or a script in it) can do same-origin reaches a revealed key or an
 * exported keystore. It serves nothing else.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { refuseForeignHost } from './accessGuards';
import type { OneTimePages } from './oneTimePages';
import { plainTextHeaders } from './securityHeaders';

export interface RunningOneTimePageServer {
  origin: string;
  port: number;
  close(): Promise<void>;
}

export async function startOneTimePageServer(
  pages: OneTimePages,
  options: { reportProblem?: (message: string) => void } = {},
): Promise<RunningOneTimePageServer> {
  const reportProblem = options.reportProblem ?? ((message: string) => process.stderr.write(`${message}\n`));
  let port = 0;
  const server = createServer((request, response) => {
    const refusal = refuseForeignHost(request.headers.host, port);
    if (refusal) return void response.writeHead(refusal.status, plainTextHeaders()).end(refusal.message);
    pages.handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, plainTextHeaders()).end('The page could not be served.');
      else response.destroy();
    });
  });
  // Nothing upgrades here; a WebSocket attempt is simply closed.
  server.on('upgrade', (_request, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', (error) => reportProblem(`Marketdesk one-time page server error: ${error.message}`));
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
