/**
 * Browser mode's stand-in for the desktop app's native dialogs: a revealed key, or the password
 * form of a keystore export, is put on a page that can be opened once, within a minute, at an
 * unguessable address on ANOTHER origin than the app (a server of its own on another loopback
 * port, see oneTimePageServer.ts). The renderer only gets the address.
 *
 * The page answers only a top-level navigation (`Sec-Fetch-Mode: navigate`,
 * `Sec-Fetch-Dest: document`): a script, even one holding the address, cannot `fetch` it, frame
 * it or embed it; and because it is cross-origin, the app's page cannot read a window it opened
 * on it either. Refused requests do not use the page up.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KeystoreExportResult, SecretRevealResult } from '../../shared/custodyViews';
import { keystorePasswordProblem } from '../core/accounts/keystorePasswordChoice';
import type { KeystoreOffer, SecretPresenter } from '../core/accounts/secretPresenter';
import { CoreError } from '../core/coreError';
import { keystoreFormHtml, messagePageHtml, revealPageHtml } from './oneTimePageHtml';
import { BASE_SECURITY_HEADERS } from './securityHeaders';

export const ONE_TIME_PATH_PREFIX = '/once/';
/** An unopened page expires after this. */
export const OPEN_WITHIN_MS = 60_000;
/** Once the export form is shown, its password must be submitted within this. */
export const SUBMIT_WITHIN_MS = 5 * 60_000;
/** A form body is two passwords of at most 1024 characters, percent-encoded. */
const MAX_FORM_BYTES = 16 * 1024;
const MAX_FORM_ATTEMPTS = 5;

/** No script, no request of any kind except the export form posting to itself; no framing. */
export const ONE_TIME_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const PAGE_HEADERS = {
  ...BASE_SECURITY_HEADERS,
  'content-security-policy': ONE_TIME_PAGE_CSP,
  // A window opened on this page keeps no handle to (or from) the page that opened it.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

type Pending =
  | { kind: 'reveal'; html: string; expiresAt: number }
  | { kind: 'export'; offer: KeystoreOffer; expiresAt: number; formShown: boolean; attempts: number };

const NOT_A_NAVIGATION = 'This page opens only as a page of its own in the browser, not from a script or inside another page.';
const NOT_SIGNED_IN = 'This page opens only in the browser where Marketdesk is open. Open it from the Marketdesk tab.';
const GONE = 'This page was already opened or has expired. Start again from Marketdesk.';

function isTopLevelNavigation(request: IncomingMessage): boolean {
  return request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document';
}

function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
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

/** How often unopened pages past their time are dropped, so a key never waits for the next request. */
const SWEEP_EVERY_MS = 5_000;

export class OneTimePages implements SecretPresenter {
  private readonly pages = new Map<string, Pending>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    /** This server's origin, e.g. `http://127.0.0.1:41234` (known once it listens). */
    private readonly origin: () => string,
    /**
     * Whether a request comes from the browser signed in to this run (its HttpOnly session
     * cookie). Sec-Fetch headers stop scripts in a browser, but any other program can forge
     * them: the address alone must not be enough.
     */
    private readonly isSignedInBrowser: (cookieHeader: string | undefined) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  async present(request: { title: string; explanation: string; secret: string }): Promise<SecretRevealResult> {
    const id = this.add({ kind: 'reveal', html: revealPageHtml(request), expiresAt: this.now() + OPEN_WITHIN_MS });
    return { shownIn: 'one-time-page', url: this.urlOf(id) };
  }

  async offerKeystore(offer: KeystoreOffer): Promise<KeystoreExportResult> {
    const id = this.add({ kind: 'export', offer, expiresAt: this.now() + OPEN_WITHIN_MS, formShown: false, attempts: 0 });
    return { shownIn: 'one-time-page', url: this.urlOf(id), savedAs: null };
  }

  /** Answers one request to the one-time server (Host already checked by the server). */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.dropExpired();
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    const id = path.startsWith(ONE_TIME_PATH_PREFIX) ? path.slice(ONE_TIME_PATH_PREFIX.length) : '';
    if (request.method !== 'GET' && request.method !== 'POST') {
      return this.answer(response, 405, 'Not allowed', 'This page only opens in a browser.');
    }
    if (!isTopLevelNavigation(request)) return this.answer(response, 403, 'Refused', NOT_A_NAVIGATION);
    if (!this.isSignedInBrowser(request.headers.cookie)) return this.answer(response, 403, 'Refused', NOT_SIGNED_IN);
    const page = this.pages.get(id);
    if (!page) return this.answer(response, 410, 'Gone', GONE);

    if (request.method === 'GET') {
      if (page.kind === 'reveal') {
        this.pages.delete(id);
        return void response.writeHead(200, { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8' }).end(page.html);
      }
      // The form is shown once; a reload (or anyone else) finds the page gone.
      if (page.formShown) {
        this.pages.delete(id);
        return this.answer(response, 410, 'Gone', GONE);
      }
      page.formShown = true;
      page.expiresAt = this.now() + SUBMIT_WITHIN_MS;
      return this.form(response, id, page.offer, null);
    }

    // POST: the export form submitting itself, from this origin only.
    if (page.kind !== 'export' || !page.formShown) return this.answer(response, 405, 'Not allowed', 'Nothing here takes a form.');
    // The page's own submission: Sec-Fetch-Site says same-origin (set by the browser, which no
    // page can forge). Its Origin is this origin, or "null" because the page sends no referrer.
    const origin = request.headers.origin;
    if (request.headers['sec-fetch-site'] !== 'same-origin' || (origin !== this.origin() && origin !== 'null')) {
      return this.answer(response, 403, 'Refused', 'This form only accepts its own submissions.');
    }
    if ((request.headers['content-type'] ?? '').split(';')[0]!.trim() !== 'application/x-www-form-urlencoded') {
      return this.answer(response, 415, 'Refused', 'This form only accepts its own submissions.');
    }
    const form = await readForm(request);
    if (!form) return this.answer(response, 413, 'Refused', 'The form was too large.');
    const problem = keystorePasswordProblem(form.get('password') ?? '', form.get('confirmation') ?? '');
    if (problem) {
      page.attempts += 1;
      if (page.attempts >= MAX_FORM_ATTEMPTS) {
        this.pages.delete(id);
        return this.answer(response, 410, 'Gone', 'Too many attempts. Start the export again from Marketdesk.');
      }
      return this.form(response, id, page.offer, problem);
    }
    this.pages.delete(id);
    let keystoreJson: string;
    try {
      keystoreJson = await page.offer.encrypt(form.get('password')!);
    } catch (error) {
      // CoreError messages are written for people and hold no secret (the vault is locked, …).
      const message = error instanceof CoreError ? error.message : 'The keystore could not be made.';
      return this.answer(response, 409, 'Export failed', `${message} Start the export again from Marketdesk.`);
    }
    response
      .writeHead(200, {
        ...PAGE_HEADERS,
        'content-type': 'application/json',
        // The file name is ours (UTC--<time>--<hex address>.json): nothing to escape.
        'content-disposition': `attachment; filename="${page.offer.fileName}"`,
      })
      .end(keystoreJson);
  }

  /** The vault locked: no revealed key or pending export may outlive it. */
  forgetAll(): void {
    this.pages.clear();
    this.stopSweeping();
  }

  private add(page: Pending): string {
    this.dropExpired();
    const id = randomBytes(24).toString('base64url');
    this.pages.set(id, page);
    this.sweeper ??= setInterval(() => this.dropExpired(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    return id;
  }

  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  private urlOf(id: string): string {
    return `${this.origin()}${ONE_TIME_PATH_PREFIX}${id}`;
  }

  private form(response: ServerResponse, id: string, offer: KeystoreOffer, problem: string | null): void {
    const html = keystoreFormHtml({ title: offer.title, explanation: offer.explanation, action: `${ONE_TIME_PATH_PREFIX}${id}`, problem });
    response.writeHead(problem ? 400 : 200, { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8' }).end(html);
  }

  private answer(response: ServerResponse, status: number, title: string, message: string): void {
    response.writeHead(status, { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8' }).end(messagePageHtml(title, message));
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [id, page] of this.pages) if (page.expiresAt <= now) this.pages.delete(id);
    if (this.pages.size === 0) this.stopSweeping();
  }
}
