/**
 * Browser mode's stand-in for the desktop app's native dialogs and main-owned windows: a revealed
 * key, the password form of a keystore export, or a question main asks before it moves value or
 * lowers a guardrail, is put on a page at an unguessable address on ANOTHER origin than the app (a
 * server of its own on another loopback port, see oneTimePageServer.ts). The app's page only gets
 * the address.
 *
 * The page answers only a top-level navigation by the signed-in browser: a script, even one
 * holding the address, cannot `fetch` it, frame it or embed it; and because it is cross-origin,
 * the app's page cannot read or drive a window it opened on it either. A question's answer is
 * taken only from the page's own form, carrying a token that only the page itself holds.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KeystoreExportResult, SecretRevealResult } from '../../shared/custodyViews';
import { keystorePasswordProblem } from '../core/accounts/keystorePasswordChoice';
import type { KeystoreOffer, SecretPresenter } from '../core/accounts/secretPresenter';
import { confirmationPageHtml } from '../core/authority/confirmationPageHtml';
import type { ConfirmationQuestion, ConfirmationSurface, ShownQuestion } from '../core/authority/confirmationSurface';
import { CoreError } from '../core/coreError';
import { keystoreFormHtml, messagePageHtml, revealPageBytes } from './oneTimePageHtml';
import { isOwnFormSubmission, isTopLevelNavigation, isUrlEncodedForm, readForm } from './oneTimeRequests';
import { BASE_SECURITY_HEADERS } from './securityHeaders';

export const ONE_TIME_PATH_PREFIX = '/once/';
/** An unopened page expires after this. */
export const OPEN_WITHIN_MS = 60_000;
/** Once the export form is shown, its password must be submitted within this. */
export const SUBMIT_WITHIN_MS = 5 * 60_000;
const MAX_FORM_ATTEMPTS = 5;

/** No script, no request of any kind except a form posting to itself; no framing. */
export const ONE_TIME_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const PAGE_HEADERS = {
  ...BASE_SECURITY_HEADERS,
  'content-security-policy': ONE_TIME_PAGE_CSP,
  // A window opened on this page keeps no handle to (or from) the page that opened it.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
const HTML = { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8' };

type Pending =
  /** The key's bytes, kept in a buffer of our own until the page is served or expires, then zeroed. */
  | { kind: 'reveal'; title: string; explanation: string; secret: Buffer; expiresAt: number }
  | { kind: 'export'; offer: KeystoreOffer; expiresAt: number; formShown: boolean; attempts: number }
  | { kind: 'confirm'; question: ConfirmationQuestion; token: Buffer; expiresAt: number; answer: (yes: boolean) => void };

const NOT_A_NAVIGATION = 'This page opens only as a page of its own in the browser, not from a script or inside another page.';
const NOT_SIGNED_IN = 'This page opens only in the browser where Marketdesk is open. Open it from the Marketdesk tab.';
const GONE = 'This page was already opened or has expired. Start again from Marketdesk.';
const NOT_OWN_FORM = 'This form only accepts its own submissions.';

/** How often unopened pages past their time are dropped, so a key never waits for the next request. */
const SWEEP_EVERY_MS = 5_000;

export class OneTimePages implements SecretPresenter, ConfirmationSurface {
  readonly kind = 'page' as const;
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

  async present(request: { title: string; explanation: string; secret: Uint8Array }): Promise<SecretRevealResult> {
    const secret = Buffer.alloc(request.secret.length);
    secret.set(request.secret);
    const id = this.add({ kind: 'reveal', title: request.title, explanation: request.explanation, secret, expiresAt: this.now() + OPEN_WITHIN_MS });
    return { shownIn: 'one-time-page', url: this.urlOf(id) };
  }

  async offerKeystore(offer: KeystoreOffer): Promise<KeystoreExportResult> {
    const id = this.add({ kind: 'export', offer, expiresAt: this.now() + OPEN_WITHIN_MS, formShown: false, attempts: 0 });
    return { shownIn: 'one-time-page', url: this.urlOf(id), savedAs: null };
  }

  show(question: ConfirmationQuestion): ShownQuestion {
    let answer!: (yes: boolean) => void;
    const answered = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    const id = this.add({ kind: 'confirm', question, token: randomBytes(24), expiresAt: question.expiresAt, answer });
    return { answer: answered, openUrl: this.urlOf(id), close: () => this.drop(id) };
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
    if (request.method === 'GET') return this.open(id, page, response);

    // POST: a form submitting itself, from this origin only.
    if (page.kind === 'reveal' || (page.kind === 'export' && !page.formShown)) return this.answer(response, 405, 'Not allowed', 'Nothing here takes a form.');
    if (!isOwnFormSubmission(request, this.origin())) return this.answer(response, 403, 'Refused', NOT_OWN_FORM);
    if (!isUrlEncodedForm(request)) return this.answer(response, 415, 'Refused', NOT_OWN_FORM);
    const form = await readForm(request);
    if (!form) return this.answer(response, 413, 'Refused', 'The form was too large.');
    if (page.kind === 'confirm') return this.answerQuestion(request, id, page, form, response);
    return this.submitExport(id, page, form, response);
  }

  /** The vault locked: no revealed key, pending export or open question may outlive it. */
  forgetAll(): void {
    for (const id of [...this.pages.keys()]) this.drop(id);
    this.stopSweeping();
  }

  private open(id: string, page: Pending, response: ServerResponse): void {
    if (page.kind === 'reveal') {
      this.pages.delete(id);
      const bytes = revealPageBytes(page);
      page.secret.fill(0);
      // The buffer goes to the socket as it is; once written, nothing of the key stays in it.
      response.once('close', () => bytes.fill(0));
      return void response.writeHead(200, HTML).end(bytes);
    }
    if (page.kind === 'confirm') {
      // Not a secret: a reload shows the same question until it is answered.
      const html = confirmationPageHtml(
        page.question,
        { method: 'post', action: `${ONE_TIME_PATH_PREFIX}${id}`, hidden: { token: page.token.toString('base64url') } },
        { seconds: Math.max(0, (page.expiresAt - this.now()) / 1000) },
      );
      return void response.writeHead(200, HTML).end(html);
    }
    // The export form is shown once; a reload (or anyone else) finds the page gone.
    if (page.formShown) {
      this.drop(id);
      return this.answer(response, 410, 'Gone', GONE);
    }
    page.formShown = true;
    page.expiresAt = this.now() + SUBMIT_WITHIN_MS;
    return this.exportForm(response, id, page.offer, null);
  }

  private answerQuestion(request: IncomingMessage, id: string, page: Extract<Pending, { kind: 'confirm' }>, form: URLSearchParams, response: ServerResponse): void {
    const token = Buffer.from(form.get('token') ?? '', 'base64url');
    const answer = form.get('answer');
    // A person's click: the browser marks a navigation the user activated, which no script can fake.
    const byUser = request.headers['sec-fetch-user'] === '?1';
    if (!byUser || token.length !== page.token.length || !timingSafeEqual(token, page.token) || (answer !== 'confirm' && answer !== 'decline')) {
      return this.answer(response, 403, 'Refused', NOT_OWN_FORM);
    }
    this.pages.delete(id);
    page.answer(answer === 'confirm');
    if (answer === 'confirm') return this.answer(response, 200, 'Confirmed', 'Marketdesk is doing it now. You can close this page and go back to Marketdesk.');
    return this.answer(response, 200, 'Declined', 'Nothing was signed or sent. You can close this page.');
  }

  private async submitExport(id: string, page: Extract<Pending, { kind: 'export' }>, form: URLSearchParams, response: ServerResponse): Promise<void> {
    const problem = keystorePasswordProblem(form.get('password') ?? '', form.get('confirmation') ?? '');
    if (problem) {
      page.attempts += 1;
      if (page.attempts >= MAX_FORM_ATTEMPTS) {
        this.drop(id);
        return this.answer(response, 410, 'Gone', 'Too many attempts. Start the export again from Marketdesk.');
      }
      return this.exportForm(response, id, page.offer, problem);
    }
    this.drop(id);
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

  private add(page: Pending): string {
    this.dropExpired();
    const id = randomBytes(24).toString('base64url');
    this.pages.set(id, page);
    this.sweeper ??= setInterval(() => this.dropExpired(), SWEEP_EVERY_MS);
    this.sweeper.unref();
    return id;
  }

  /** Forgets a page: a key is zeroed, an open question is answered "no". */
  private drop(id: string): void {
    const page = this.pages.get(id);
    if (!page) return;
    this.pages.delete(id);
    if (page.kind === 'reveal') page.secret.fill(0);
    if (page.kind === 'confirm') page.answer(false);
  }

  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  private urlOf(id: string): string {
    return `${this.origin()}${ONE_TIME_PATH_PREFIX}${id}`;
  }

  private exportForm(response: ServerResponse, id: string, offer: KeystoreOffer, problem: string | null): void {
    const html = keystoreFormHtml({ title: offer.title, explanation: offer.explanation, action: `${ONE_TIME_PATH_PREFIX}${id}`, problem });
    response.writeHead(problem ? 400 : 200, HTML).end(html);
  }

  private answer(response: ServerResponse, status: number, title: string, message: string): void {
    response.writeHead(status, HTML).end(messagePageHtml(title, message));
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [id, page] of this.pages) if (page.expiresAt <= now) this.drop(id);
    if (this.pages.size === 0) this.stopSweeping();
  }
}
