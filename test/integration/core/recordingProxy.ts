/**
 * A real HTTP hop between the core and one sandbox service that writes down every request it
 * forwards: method, path, and whether it carried an account's credentials (the order-book
 * service's SVC_ signature headers, the perps exchange's proxy secret). Tests read it to prove
 * what the core did or did not send, without replacing any part of the core.
 */
import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  authenticated: boolean;
}

export interface RecordingProxy {
  url: string;
  seen: SeenRequest[];
  inFlight: () => number;
  stop: () => Promise<void>;
}

const CREDENTIAL_HEADERS = ['svc_api_key', 'svc_signature', 'svc_passphrase', 'service-secret'];

const carriesCredentials = (headers: IncomingHttpHeaders): boolean => CREDENTIAL_HEADERS.some((name) => headers[name] !== undefined);

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const seen: SeenRequest[] = [];
  let inFlight = 0;
  const server: Server = createServer((incoming, outgoing) => {
    inFlight += 1;
    seen.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/', authenticated: carriesCredentials(incoming.headers) });
    const hop = forward(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url ?? '/', headers: { ...incoming.headers, host: upstream.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', () => {
          inFlight -= 1;
        });
      },
    );
    hop.on('error', () => {
      inFlight -= 1;
      outgoing.writeHead(502).end();
    });
    incoming.pipe(hop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Same path as the service's own address: requests pass through unchanged.
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    seen,
    inFlight: () => inFlight,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
