/**
 * One loopback HTTP service: admin gate (http/adminGuard.ts), edge gate, body limit, routing and
 * error replies, with every failure turned into a JSON answer. Nothing a client sends can throw out of the handler.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EdgeService } from '../../shared/protocol/edgeLimits';
import type { EdgeGate } from '../edge/edgeGate';
import { adminRefusal, isAdminPath } from './adminGuard';
import { readBody } from './body';
import { send, type Reply } from './reply';
import type { RequestContext, Router } from './router';

/** Each service words its own errors (the order-book `{error}`, the analytics `{error, code, …}`). */
export interface ServiceErrors {
  notFound(): Reply;
  methodNotAllowed(allow: string[]): Reply;
  payloadTooLarge(): Reply;
  tooManyRequests(): Reply;
  internal(): Reply;
}

export interface ServiceDefinition {
  name: string;
  router: Router;
  errors: ServiceErrors;
  edge?: { gate: EdgeGate; service: EdgeService; exempt(path: string): boolean };
  /**
   * A service's own admission check (the perps weight budget), after the admin gate and before
   * the body is read; admin paths skip it. A reply refuses the request.
   */
  admit?(request: { method: string; path: string; remoteAddress: string }): Reply | null;
  /** Last touch on every reply (the analytics service adds its trace id header here). */
  decorate?(reply: Reply): Reply;
}

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

async function handle(def: ServiceDefinition, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const finish = (answer: Reply) => send(res, def.decorate ? def.decorate(answer) : answer);
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  } catch {
    req.resume();
    return finish(def.errors.notFound());
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname;
  // Before the body is read and before any route: no admin route ever sees a refused request.
  if (isAdminPath(path)) {
    const refusal = adminRefusal(req, method);
    if (refusal) {
      req.resume();
      return finish(refusal);
    }
  }
  if (def.edge && !def.edge.exempt(path)) {
    const verdict = await def.edge.gate.admit(def.edge.service, method, path);
    if (verdict === 'rejected') {
      req.resume();
      return finish(def.errors.tooManyRequests());
    }
  }
  if (def.admit && !isAdminPath(path)) {
    const refusal = def.admit({ method, path, remoteAddress: req.socket.remoteAddress ?? '' });
    if (refusal) {
      req.resume();
      return finish(refusal);
    }
  }
  const body = await readBody(req);
  if (body.kind === 'aborted') return;
  if (body.kind === 'too-large') {
    const answer = def.errors.payloadTooLarge();
    return finish(body.closeConnection ? { ...answer, headers: { ...answer.headers, connection: 'close' } } : answer);
  }
  const match = def.router.match(method, path);
  if (match.kind === 'none') return finish(def.errors.notFound());
  if (match.kind === 'wrong-method') {
    const answer = def.errors.methodNotAllowed(match.allow);
    return finish({ ...answer, headers: { ...answer.headers, allow: match.allow.join(', ') } });
  }
  const ctx: RequestContext = {
    method, path, query: url.searchParams, params: match.params, body: body.text, rawBody: body.bytes,
    headers: req.headers, remoteAddress: req.socket.remoteAddress ?? '',
  };
  finish(await match.handler(ctx));
}

export function listenService(def: ServiceDefinition, host: string, port: number): Promise<RunningService> {
  const server: Server = createServer((req, res) => {
    handle(def, req, res).catch(() => send(res, def.decorate ? def.decorate(def.errors.internal()) : def.errors.internal()));
  });
  // Slow or stalled clients must not pin sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: bound } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${bound}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
