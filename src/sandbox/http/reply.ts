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

export function send(res: ServerResponse, answer: Reply): void {
  if (res.headersSent || res.destroyed) {
    answer.onSent?.();
    return;
  }
  if (answer.onSent) res.once('close', answer.onSent);
  const text = answer.raw ?? JSON.stringify(answer.body ?? null);
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...answer.headers,
  });
  res.end(text);
}
