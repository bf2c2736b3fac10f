/** A handler's answer and the one place that writes it: every response is JSON. */
import type { ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * The body already serialized as JSON text; when set, `body` is not serialized again. For
   * large pages whose rows are produced as text (the analytics activity feed).
   */
  raw?: string | Uint8Array;
  /**
   * Called once the reply is finished with (sent, or the connection gone): `raw` may be reused
   * memory that must not change while it is being written (analytics/pageSlots.ts).
   */
  onSent?: () => void;
}

export const reply = (status: number, body: unknown, headers?: Record<string, string>): Reply =>
  headers ? { status, body, headers } : { status, body };

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** `Retry-After` in whole seconds (at least 1) for a wait of `ms`. */
export const retryAfter = (ms: number): Record<string, string> => ({ 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) });

/**
 * What a handler returns for a request whose client went away while it waited (nginx's 499,
 * "client closed request"): never written, since the connection is gone, and never counted as
 * one of the sandbox's own 429s.
 */
export const CLIENT_GONE: Reply = { status: 499, body: null };

/** The bytes of a reply's body. */
export const serialize = (answer: Reply): string | Uint8Array => answer.raw ?? JSON.stringify(answer.body ?? null);

export function send(res: ServerResponse, answer: Reply): void {
  if (res.headersSent || res.destroyed) {
    answer.onSent?.();
    return;
  }
  if (answer.onSent) res.once('close', answer.onSent);
  const text = serialize(answer);
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...answer.headers,
  });
  res.end(text);
}
