/**
 * Carries out the transport-level faults on a live response: a stall holds the request without an
 * answer (dropped after stallMs, or when the server closes), a truncated answer promises the full
 * Content-Length and sends half, a non-JSON answer is an HTML page, a reset tears the connection
 * down with a TCP RST. Status faults and delays are plain replies and need none of this.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from '../http/reply';
import type { FaultRule } from './faultRule';
import { NON_JSON_BODY } from './faultReplies';

export function resetConnection(req: IncomingMessage): void {
  req.socket.resetAndDestroy();
}

export function stall(req: IncomingMessage, rule: FaultRule): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(() => {
      req.socket.destroy();
      done();
    }, rule.stallMs);
    // A stalled request must not keep a stopping sandbox (or the test process) alive.
    timer.unref();
    req.socket.once('close', () => {
      clearTimeout(timer);
      done();
    });
  });
}

export function sendNonJson(res: ServerResponse, rule: FaultRule): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(rule.status, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(NON_JSON_BODY), 'cache-control': 'no-store' });
  res.end(NON_JSON_BODY);
}

/** Sends the head and first half of `answer`, then drops the connection. */
export function sendTruncated(res: ServerResponse, answer: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const text = Buffer.from(answer.raw ?? JSON.stringify(answer.body ?? null));
  res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': text.length, 'cache-control': 'no-store', ...answer.headers });
  res.write(text.subarray(0, Math.floor(text.length / 2)), () => res.destroy());
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms).unref());
