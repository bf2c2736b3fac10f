/**
 * Issue 19, browser mode: main's questions open on a one-time page of the second origin, which
 * only the signed-in browser's own navigation can open and only the page's own form, carrying a
 * token only the page holds and sent by a person's click, can answer. A script in the app's page
 * (same site, another origin), or any program with the address, cannot say yes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfirmationQuestion } from '../../src/main/core/authority/confirmationSurface';
import { OneTimePages } from '../../src/main/web/oneTimePages';
import { rawRequest } from './support/rawHttp';

let server: Server;
let origin = '';
const SESSION_COOKIE = 'marketdesk_session_1=signed-in-browser';
const pages = new OneTimePages(() => origin, (cookie) => cookie === SESSION_COOKIE);
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', cookie: SESSION_COOKIE };
/** What Chromium sends when a person clicks a button of the page's own form. */
const OWN_CLICK = { ...NAVIGATION, 'sec-fetch-site': 'same-origin', 'sec-fetch-user': '?1', 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  server = createServer((request, response) => void pages.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const question = (id: string): ConfirmationQuestion => ({
  id,
  expiresAt: Date.now() + 60_000,
  request: { kind: 'perps-transfer', title: 'Send 100 USDC of perps collateral', facts: [{ label: 'Recipient', value: '0x…dEaD (not one of your accounts)', warn: true }], confirmLabel: 'Send 100 USDC' },
});

/** Opens the page as the signed-in browser and reads its form token, as the page itself would. */
async function openAsPerson(url: string): Promise<string> {
  const page = await rawRequest(url, { headers: NAVIGATION });
  expect(page.status).toBe(200);
  expect(page.header('content-security-policy')).toContain("default-src 'none'");
  expect(page.header('cross-origin-opener-policy')).toBe('same-origin');
  return /name="token" value="([^"]+)"/.exec(page.body)![1]!;
}

const answer = (url: string, fields: Record<string, string>, headers: Record<string, string> = { ...OWN_CLICK, origin }) =>
  rawRequest(url, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });

describe('main’s questions on one-time pages', () => {
  it('a person confirms on the page: the question answers yes once, then the page is gone', async () => {
    const shown = pages.show(question('q-yes'));
    const token = await openAsPerson(shown.openUrl!);
    // A reload shows the same question again (it holds nothing secret).
    expect(await openAsPerson(shown.openUrl!)).toBe(token);
    const done = await answer(shown.openUrl!, { token, answer: 'confirm' });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Marketdesk is doing it now');
    await expect(shown.answer).resolves.toBe(true);
    expect((await rawRequest(shown.openUrl!, { headers: NAVIGATION })).status).toBe(410);
  });

  it('refuses every answer that is not the page’s own form clicked by a person', async () => {
    const shown = pages.show(question('q-forged'));
    const token = await openAsPerson(shown.openUrl!);
    const appOrigin = 'http://127.0.0.1:1';
    const attempts = [
      // The app's page posting a form it built: same site, another origin.
      answer(shown.openUrl!, { token, answer: 'confirm' }, { ...OWN_CLICK, 'sec-fetch-site': 'same-site', origin: appOrigin }),
      // A script's fetch: not a navigation.
      answer(shown.openUrl!, { token, answer: 'confirm' }, { ...OWN_CLICK, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', origin }),
      // A submission nobody clicked (no user activation).
      answer(shown.openUrl!, { token, answer: 'confirm' }, { ...NAVIGATION, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', origin }),
      // Without the page's token, or with another.
      answer(shown.openUrl!, { answer: 'confirm' }),
      answer(shown.openUrl!, { token: 'AAAA', answer: 'confirm' }),
      // A program with the address but not the browser's session.
      answer(shown.openUrl!, { token, answer: 'confirm' }, { ...OWN_CLICK, cookie: 'marketdesk_session_1=guess', origin }),
      // Not an answer at all.
      answer(shown.openUrl!, { token, answer: 'yes-please' }),
    ];
    for (const refused of await Promise.all(attempts)) expect(refused.status).toBe(403);
    // Still open: the person can answer it.
    expect(await openAsPerson(shown.openUrl!)).toBe(token);
    await answer(shown.openUrl!, { token, answer: 'decline' });
    await expect(shown.answer).resolves.toBe(false);
  });

  it('a question main settles another way (timeout, lock, the page declined) leaves the page', async () => {
    const closed = pages.show(question('q-closed'));
    closed.close();
    await expect(closed.answer).resolves.toBe(false);
    expect((await rawRequest(closed.openUrl!, { headers: NAVIGATION })).status).toBe(410);

    const locked = pages.show(question('q-locked'));
    pages.forgetAll();
    await expect(locked.answer).resolves.toBe(false);
    expect((await rawRequest(locked.openUrl!, { headers: NAVIGATION })).status).toBe(410);
  });
});
