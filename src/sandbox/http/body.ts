/**
 * Reads a request body with a hard size limit. An oversize body is drained (up to a cap) before
 * the 413 is sent, so the client sees a clean response instead of a reset connection; beyond
 * the cap the connection is dropped, because a robust server must not read forever.
 */
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;
const DRAIN_CAP_BYTES = 64 * 1024 * 1024;

export type BodyResult =
  | { kind: 'ok'; text: string; bytes: Buffer }
  | { kind: 'too-large'; closeConnection: boolean }
  | { kind: 'aborted' };

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_CAP_BYTES) {
    req.resume();
    return Promise.resolve({ kind: 'too-large', closeConnection: true });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) chunks.push(chunk);
      else if (received > DRAIN_CAP_BYTES) {
        req.destroy();
        finish({ kind: 'too-large', closeConnection: true });
      }
    });
    req.on('end', () => {
      if (received > limit) return finish({ kind: 'too-large', closeConnection: false });
      const bytes = Buffer.concat(chunks);
      finish({ kind: 'ok', text: bytes.toString('utf8'), bytes });
    });
    req.on('error', () => finish({ kind: 'aborted' }));
    req.on('close', () => finish({ kind: 'aborted' }));
  });
}

/** Parses JSON without throwing: `undefined` means the body is not JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
