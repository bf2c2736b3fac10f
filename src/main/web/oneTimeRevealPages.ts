/**
 * Browser mode's stand-in for the desktop app's native dialog: a revealed key is put on a page
 * that can be opened once, within a minute, at an unguessable address. The renderer only gets
 * the address; the key goes from the vault to that page and nowhere else.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SecretPresenter } from '../core/accounts/secretPresenter';

export const REVEAL_PATH_PREFIX = '/reveal/';
const LIFETIME_MS = 60_000;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface PendingPage {
  html: string;
  expiresAt: number;
}

export class OneTimeRevealPages implements SecretPresenter {
  private readonly pages = new Map<string, PendingPage>();

  constructor(
    private readonly origin: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  async present({ title, explanation, secret }: { title: string; explanation: string; secret: string }) {
    this.dropExpired();
    const id = randomBytes(24).toString('base64url');
    const html =
      `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      `<body style="background:#111;color:#eee;font:15px system-ui;padding:2em;max-width:48em">` +
      `<h1 style="font-size:1.2em">${escapeHtml(title)}</h1><p>${escapeHtml(explanation)}</p>` +
      `<pre style="font:16px monospace;background:#222;padding:1em;white-space:pre-wrap;word-break:break-all">${escapeHtml(secret)}</pre>` +
      `<p>This page works once. Close it when you are done.</p></body>`;
    this.pages.set(id, { html, expiresAt: this.now() + LIFETIME_MS });
    return { shownIn: 'one-time-page' as const, url: `${this.origin()}${REVEAL_PATH_PREFIX}${id}` };
  }

  /** Serves the page once; afterwards (or after a minute) the address answers 410. */
  serve(path: string, response: ServerResponse): void {
    this.dropExpired();
    const id = path.slice(REVEAL_PATH_PREFIX.length);
    const page = this.pages.get(id);
    this.pages.delete(id);
    const headers = {
      // Inline styles only: no script, no request of any kind from this page.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    };
    if (!page) {
      response.writeHead(410, { ...headers, 'content-type': 'text/plain' }).end('This page was already opened or has expired.');
      return;
    }
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(page.html);
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [id, page] of this.pages) if (page.expiresAt <= now) this.pages.delete(id);
  }
}
