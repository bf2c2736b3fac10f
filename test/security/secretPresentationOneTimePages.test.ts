/**
 * Finding 4 (issue 7), browser mode, the page store itself: expiry, single use, and the export
 * form's limits, with a clock the test controls.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../../src/main/core/coreError';
import { OneTimePages, OPEN_WITHIN_MS, SUBMIT_WITHIN_MS } from '../../src/main/web/oneTimePages';
import type { AccountsState, SecretRevealResult } from '../../src/shared/custodyViews';
import { callOk, startHarness } from '../integration/core/coreHarness';
import { rawRequest } from './support/rawHttp';

let server: Server;
let origin = '';
let clock = 1_000_000;
const SESSION_COOKIE = 'marketdesk_session_1=signed-in-browser';
const pages = new OneTimePages(() => origin, (cookie) => cookie === SESSION_COOKIE, () => clock);
/** A top-level navigation by the browser that is signed in to the host. */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', cookie: SESSION_COOKIE };

beforeAll(async () => {
  server = createServer((request, response) => void pages.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const offer = (encrypt: (password: string) => Promise<string>) =>
  pages.offerKeystore({ title: 'Export "Main"', explanation: 'E', fileName: 'UTC--t--ab.json', encrypt });
const submit = (url: string, password: string, confirmation = password) =>
  rawRequest(url, {
    method: 'POST',
    headers: { ...NAVIGATION, 'sec-fetch-site': 'same-origin', origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password, confirmation }).toString(),
  });

describe('one-time pages', () => {
  it('escapes what they show, and an unopened page expires after a minute', async () => {
    const shown = await pages.present({ title: 'Key of <b>"Main"</b>', explanation: 'Keep it safe.', secret: Uint8Array.of(0x5e, 0xc1) });
    const page = await rawRequest(shown.url!, { headers: NAVIGATION });
    expect(page.body).toContain('Key of &lt;b&gt;&quot;Main&quot;&lt;/b&gt;');

    const late = await pages.present({ title: 'K', explanation: 'E', secret: Uint8Array.of(0x5e, 0xc2) });
    clock += OPEN_WITHIN_MS + 1;
    const expired = await rawRequest(late.url!, { headers: NAVIGATION });
    expect(expired.status).toBe(410);
    expect(expired.body).not.toContain('0x5ec2');
    expect((await rawRequest(`${origin}/once/not-a-real-id`, { headers: NAVIGATION })).status).toBe(410);
  });

  it('shows the export form once, gives it five minutes, and calls encrypt once with the chosen password', async () => {
    const passwords: string[] = [];
    const { url } = await offer(async (password) => {
      passwords.push(password);
      return '{"version":3}';
    });
    expect((await rawRequest(url!, { method: 'POST', headers: NAVIGATION })).status).toBe(405); // no form shown yet
    expect((await rawRequest(url!, { headers: NAVIGATION })).status).toBe(200);
    expect((await submit(url!, 'short')).status).toBe(400);
    clock += SUBMIT_WITHIN_MS - 1_000;
    const saved = await submit(url!, 'a good password');
    expect(saved.status).toBe(200);
    expect(saved.body).toBe('{"version":3}');
    expect(passwords).toEqual(['a good password']);
  });

  it('a reload of the form (or anyone else) finds it gone, and too many bad tries end it', async () => {
    const first = await offer(async () => '{}');
    await rawRequest(first.url!, { headers: NAVIGATION });
    expect((await rawRequest(first.url!, { headers: NAVIGATION })).status).toBe(410);

    const second = await offer(async () => '{}');
    await rawRequest(second.url!, { headers: NAVIGATION });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await submit(second.url!, 'x')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 410]);
  });

  it('says why an export failed (vault locked meanwhile) without any secret, and ends the page', async () => {
    const { url } = await offer(async () => {
      throw new CoreError('locked', 'The vault is locked.');
    });
    await rawRequest(url!, { headers: NAVIGATION });
    const failed = await submit(url!, 'a good password');
    expect(failed.status).toBe(409);
    expect(failed.body).toContain('The vault is locked.');
    expect(failed.body).not.toContain('a good password');
    expect((await submit(url!, 'a good password')).status).toBe(410);
  });
});

describe('one-time pages and the signed-in browser', () => {
  // Sec-Fetch headers are a browser's promise, not a program's: with forged ones, any local
  // client holding the address read the key. The address alone is not enough any more.
  it('refuses a navigation without the session cookie, and still serves the signed-in browser once', async () => {
    const shown = await pages.present({ title: 'Key', explanation: 'E', secret: Uint8Array.of(0x5e, 0xc3) });
    const { cookie: _cookie, ...forged } = NAVIGATION;
    const refused = await rawRequest(shown.url!, { headers: forged });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain('0x5ec3');
    const wrong = await rawRequest(shown.url!, { headers: { ...forged, cookie: 'marketdesk_session_1=guess' } });
    expect(wrong.status).toBe(403);
    const opened = await rawRequest(shown.url!, { headers: NAVIGATION });
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('0x5ec3');
  });
});

describe('one-time pages and the vault lock', () => {
  // A revealed key stayed servable after the vault locked (and an unopened page stayed in
  // memory until the next request): locking must take every shown secret with it.
  it('a reveal page not yet opened is gone once the vault locks', async () => {
    const harness = await startHarness({ secretPresenter: pages, simulate: false });
    try {
      await callOk(harness, 'createVault', { password: 'one-time lock password' });
      const accounts = await callOk<AccountsState>(harness, 'createAccount', { label: 'Main' });
      const shown = await callOk<SecretRevealResult>(harness, 'revealAccountPrivateKey', { accountId: accounts.accounts[0]!.id, password: 'one-time lock password' });
      await callOk(harness, 'lockVault', {});
      const page = await rawRequest(shown.url!, { headers: NAVIGATION });
      expect(page.status).toBe(410);
      expect(page.body).not.toMatch(/0x[0-9a-f]{64}/i);
    } finally {
      await harness.stop();
    }
  });
});
