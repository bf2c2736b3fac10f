/**
 * One loopback HTTP service: admin gate (http/adminGuard.ts), fault admin routes, edge gate,
 * injected faults (faults/), body limit, routing and error replies, with every failure turned into
 * a JSON answer. Nothing a client sends can throw out of the handler.
 *
 * Injected faults act after the edge gate and the perps weight admission: a faulted request is
 * counted in the edge windows and weights as any request that reached the origin, because at the
 * real edge a 503, a stall or a reset happens behind the counting layer. (The analytics edge lives
 * in its router, so a faulted analytics request is charged through `chargeEdge`; if that window is
 * already full the real 429 answers and the fault is spent anyway.)
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { EdgeService } from '../../shared/protocol/edgeLimits';
import type { EdgeGate } from '../edge/edgeGate';
import { adminRefusal, isAdminPath } from './adminGuard';
import { readBody, type BodyResult } from './body';
import { faultAdminReply, isFaultAdminPath } from '../faults/faultAdmin';
import type { FaultInjector } from '../faults/faultInjector';
import type { FaultRule, FaultService } from '../faults/faultRule';
import { faultStatusReply, isStatusKind } from '../faults/faultReplies';
import { isOrderVariant, requestMessageReply } from '../faults/messageFaults';
import { resetConnection, sendNonJson, sendTruncated, sleep, stall } from '../faults/faultResponder';
import { CLIENT_GONE, send, serialize, type Reply } from './reply';
import type { RequestContext, Router } from './router';

/**
 * Each service words its own errors (the order-book `{error}`, the analytics `{error, code, …}`),
 * with the status its error table gives them (docs/decisions/38-sandbox-spec-rules/).
 */
export interface ServiceErrors {
  notFound(): Reply;
  methodNotAllowed(allow: string[]): Reply;
  /** A body over the size limit: a bad request in every spec table (400), perps its own 413. */
  payloadTooLarge(): Reply;
  /**
   * A request the HTTP parser refused (malformed request line or headers, headers too large), or,
   * with `timedOut`, one whose head or body did not arrive within the server's request timeout.
   */
  malformedRequest(timedOut: boolean): Reply;
  /** An edge window refused the request; `retryAfterMs` until it would be admitted. */
  tooManyRequests(retryAfterMs: number): Reply;
  internal(): Reply;
}

export interface ServiceDefinition {
  /** With `faults`, one of the four FaultService names (rules select services by it). */
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
  /** The sandbox's fault rules (shared by the four servers); none: no fault admin routes, no faults. */
  faults?: FaultInjector;
  /**
   * Counts a faulted request in an edge that lives in the router (analytics); a reply refuses it
   * (429), 'abandoned' means the client left while it waited.
   */
  chargeEdge?(method: string, path: string, signal: AbortSignal): Promise<Reply | 'abandoned' | null>;
}

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

async function handle(def: ServiceDefinition, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // A 429 not injected by a fault rule is the sandbox's own limit refusing the client: counted per route.
  let injected = false;
  const finish = (answer: Reply) => {
    if (answer === CLIENT_GONE) return;
    if (answer.status === 429 && !injected && def.faults) def.faults.countLimited(def.name as FaultService, (req.method ?? 'GET').toUpperCase(), routePath(req.url));
    send(res, def.decorate ? def.decorate(answer) : answer);
  };
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  } catch {
    req.resume();
    return finish(def.errors.notFound());
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname;
  // Aborted when the client goes away before it is answered: a request waiting at the edge leaves the queue.
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  // Before the body is read and before any route: no admin route ever sees a refused request.
  if (isAdminPath(path)) {
    const refusal = adminRefusal(req, method);
    if (refusal) {
      req.resume();
      return finish(refusal);
    }
  }
  let body: BodyResult | null = null;
  if (def.faults && isFaultAdminPath(path)) {
    body = await readBody(req);
    if (body.kind !== 'ok') return body.kind === 'aborted' ? undefined : finish(def.errors.payloadTooLarge());
    const answer = faultAdminReply(def.faults, method, path, body.text);
    if (answer) return finish(answer);
  }
  if (def.edge && !def.edge.exempt(path)) {
    const verdict = await def.edge.gate.admit(def.edge.service, method, path, gone.signal);
    if (verdict.kind === 'abandoned') return;
    if (verdict.kind === 'rejected') {
      req.resume();
      return finish(def.errors.tooManyRequests(verdict.retryAfterMs));
    }
  }
  if (def.admit && !isAdminPath(path)) {
    const refusal = def.admit({ method, path, remoteAddress: req.socket.remoteAddress ?? '' });
    if (refusal) {
      req.resume();
      return finish(refusal);
    }
  }
  const fault = def.faults && !isAdminPath(path) ? def.faults.decide(def.name as FaultService, method, path) : null;
  if (fault) {
    // A delayed or truncated request still reaches the router, whose own edge (analytics) counts it.
    const reachesRouter = fault.kind === 'delay' || fault.kind === 'truncated';
    const edgeRefusal = def.chargeEdge && !reachesRouter ? await def.chargeEdge(method, path, gone.signal) : null;
    if (edgeRefusal === 'abandoned') return;
    if (edgeRefusal) {
      req.resume();
      return finish(edgeRefusal);
    }
    injected = isStatusKind(fault.kind) || fault.kind === 'message';
    if (await applyFault(def, fault, req, res, finish)) return;
  }
  body ??= await readBody(req);
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
    headers: req.headers, remoteAddress: req.socket.remoteAddress ?? '', signal: gone.signal,
    ...(fault?.kind === 'message' ? { fault } : {}),
  };
  const answer = await match.handler(ctx);
  if (fault?.kind === 'truncated') {
    // It copies what it sends half of: the reply is finished with at once.
    sendTruncated(res, def.decorate ? def.decorate(answer) : answer);
    return answer.onSent?.();
  }
  finish(answer);
}

/** The path of a request URL without its query, for the per-route counters. */
function routePath(rawUrl: string | undefined): string {
  const path = (rawUrl ?? '/').split('?')[0] ?? '/';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** Carries out a fault; true when the request is finished (answered, stalled out or reset). */
async function applyFault(def: ServiceDefinition, fault: FaultRule, req: IncomingMessage, res: ServerResponse, finish: (answer: Reply) => void): Promise<boolean> {
  if (isStatusKind(fault.kind)) {
    req.resume();
    finish(faultStatusReply(def.name as FaultService, { ...fault, kind: fault.kind }, def.errors.internal));
    return true;
  }
  switch (fault.kind) {
    case 'message':
      // Order variants are carried out by the order routes (ctx.fault); the others answer here.
      if (isOrderVariant(fault.variant)) return false;
      req.resume();
      finish(requestMessageReply(fault.variant as string));
      return true;
    case 'delay':
      await sleep(fault.delayMs);
      return false;
    case 'stall':
      req.resume();
      await stall(req, fault);
      return true;
    case 'reset':
      resetConnection(req);
      return true;
    case 'non-json':
      req.resume();
      sendNonJson(res, fault);
      return true;
    default:
      // 'truncated': the real answer is computed and cut off when it is sent.
      return false;
  }
}

export function listenService(def: ServiceDefinition, host: string, port: number): Promise<RunningService> {
  const server: Server = createServer((req, res) => {
    handle(def, req, res).catch(() => send(res, def.decorate ? def.decorate(def.errors.internal()) : def.errors.internal()));
  });
  // Slow or stalled clients must not pin sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  // A request the parser refuses still gets the service's own JSON error, not Node's bare 400.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => writeClientError(def, error, socket));
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

/**
 * Answers a request the HTTP parser refused, on the raw socket (there is no response object), as
 * Node's own handler would but in the service's body: its malformed-request error (a request
 * that took too long to arrive included), then the connection is closed. When a response is
 * already under way on the socket, or the socket is gone, it is only destroyed.
 */
function writeClientError(def: ServiceDefinition, error: NodeJS.ErrnoException, socket: Duplex): void {
  // Node's default handler checks the same private field: never write into a response already sent.
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const refusal = def.errors.malformedRequest(error.code === 'ERR_HTTP_REQUEST_TIMEOUT');
  const answer = def.decorate ? def.decorate(refusal) : refusal;
  const body = Buffer.from(serialize(answer));
  const headers = { 'content-type': 'application/json', 'content-length': String(body.length), 'cache-control': 'no-store', ...answer.headers, connection: 'close' };
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]));
}
