/**
 * What a request to a one-time page must be before it is looked at: a top-level navigation by
 * the signed-in browser (a script cannot `fetch` or frame these pages), and for a form, the page's
 * own submission. Shared by every kind of one-time page.
 */
import type { IncomingMessage } from 'node:http';

/** A form body is two passwords of at most 1024 characters (percent-encoded), or an answer and a token. */
const MAX_FORM_BYTES = 16 * 1024;

export function isTopLevelNavigation(request: IncomingMessage): boolean {
  return request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document';
}

/**
 * The page's own form submission: Sec-Fetch-Site says same-origin (set by the browser, which no
 * page can forge; the app's page on another port is only same-site), and the Origin is this
 * origin, or "null" because the page sends no referrer.
 */
export function isOwnFormSubmission(request: IncomingMessage, origin: string): boolean {
  const from = request.headers.origin;
  return request.headers['sec-fetch-site'] === 'same-origin' && (from === origin || from === 'null');
}

export const isUrlEncodedForm = (request: IncomingMessage): boolean =>
  (request.headers['content-type'] ?? '').split(';')[0]!.trim() === 'application/x-www-form-urlencoded';

export function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', () => resolve(null));
  });
}
