/**
 * Finding 4 (issue 7), browser mode, against the real host process: a plain `fetch` of the
 * one-time reveal address (no token, no Origin) returned the private key, and export handed the
 * renderer a keystore under a password the renderer chose. Now the address is on another origin
 * (its own loopback port) and answers only a top-level navigation; export gives the renderer an
 * address too, and the keystore password is asked, and the file served, on that other origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBridge, type BridgeClient } from './support/bridgeClient';
import { rawRequest } from './support/rawHttp';
import { startHostChild, type HostChild } from './support/webHostChild';

const PASSWORD = 'vault password for the reveal test';
const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
/** What any program can claim: the headers of a page the user opens (typed, clicked or window.open). */
const FORGED_NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-site' };
/** The same from the browser signed in to the host: it also sends the session cookie (set below). */
let NAVIGATION: Record<string, string> = FORGED_NAVIGATION;

let host: HostChild;
let bridge: BridgeClient;
let accountId = '';

beforeAll(async () => {
  host = await startHostChild(['--no-open']);
  bridge = await connectBridge(host.port, { token: host.token });
  // Opening the printed address signs the tab in: the host sets the HttpOnly session cookie.
  const opened = await rawRequest(`http://127.0.0.1:${host.port}/?token=${host.token}`);
  const cookie = (opened.header('set-cookie') ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(/^marketdesk_session_\d+=.+/);
  NAVIGATION = { ...FORGED_NAVIGATION, cookie };
  expect(await bridge.call('createVault', { password: PASSWORD })).toMatchObject({ ok: true });
  const imported = await bridge.call<{ accounts: Array<{ id: string }> }>('importPrivateKeyAccount', { label: 'Known', privateKey: KEY });
  if (!imported.ok) throw new Error(imported.error.message);
  accountId = imported.value.accounts[0]!.id;
}, 120_000);
afterAll(async () => {
  bridge?.close();
  await host?.stop();
});

async function reveal(): Promise<string> {
  const result = await bridge.call<{ shownIn: string; url: string }>('revealAccountPrivateKey', { accountId, password: PASSWORD });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.url;
}

describe('one-time pages of the browser-mode host', () => {
  it('a script cannot fetch a revealed key: no key for a plain fetch, on another origin than the app', async () => {
    const url = await reveal();
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(new URL(url).port).not.toBe(String(host.port));

    const plain = await rawRequest(url);
    const body = plain.body;
    expect(plain.status).toBe(403);
    expect(body).not.toContain(KEY.slice(2));
    // What a script in the app's page sends when it fetches the address, and what a frame sends.
    const scripted = await fetch(url, { headers: { origin: `http://127.0.0.1:${host.port}` } });
    expect(scripted.status).toBe(403);
    expect(await scripted.text()).not.toContain(KEY.slice(2));
    const framed = await rawRequest(url, { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' } });
    expect(framed.status).toBe(403);
    // A program that forges a browser's navigation headers but is not the signed-in browser.
    const forged = await rawRequest(url, { headers: FORGED_NAVIGATION });
    expect(forged.status).toBe(403);
    expect(forged.body).not.toContain(KEY.slice(2));

    // Refused requests did not use the page up: the person opening it still sees the key, once.
    const opened = await rawRequest(url, { headers: NAVIGATION });
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(KEY.slice(2));
    expect(opened.header('content-security-policy')).toContain("default-src 'none'");
    expect(opened.header('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(opened.header('cache-control')).toBe('no-store');
    expect(opened.header('referrer-policy')).toBe('no-referrer');
    expect(opened.header('x-content-type-options')).toBe('nosniff');
    expect(opened.header('x-frame-options')).toBe('DENY');
    expect(opened.header('cross-origin-opener-policy')).toBe('same-origin');

    const again = await rawRequest(url, { headers: NAVIGATION });
    expect(again.status).toBe(410);
    expect(again.body).not.toContain(KEY.slice(2));
  });

  it('the app origin does not serve one-time pages at all', async () => {
    const url = new URL(await reveal());
    const onAppOrigin = await rawRequest(`http://127.0.0.1:${host.port}${url.pathname}`, { headers: NAVIGATION });
    expect(onAppOrigin.body).not.toContain(KEY.slice(2));
  });

  it('export gives the renderer only an address; the password is chosen and the file served on the other origin', async () => {
    const result = await bridge.call<Record<string, unknown>>('exportAccountKeystore', { accountId, password: PASSWORD });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.value).sort()).toEqual(['savedAs', 'shownIn', 'url']);
    expect(result.value).toMatchObject({ shownIn: 'one-time-page', savedAs: null });
    const url = String(result.value.url);
    const origin = new URL(url).origin;
    expect(new URL(url).port).not.toBe(String(host.port));

    expect((await rawRequest(url)).status).toBe(403);
    const form = await rawRequest(url, { headers: NAVIGATION });
    expect(form.status).toBe(200);
    expect(form.body).toContain('name="password"');

    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      rawRequest(url, {
        method: 'POST',
        headers: { ...NAVIGATION, 'sec-fetch-site': 'same-origin', origin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });
    // Another origin cannot submit the form, even as a navigation.
    expect((await post({ password: 'keystore-pass-1', confirmation: 'keystore-pass-1' }, { origin: `http://127.0.0.1:${host.port}`, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    // A page that hides its origin ("null", e.g. a sandboxed frame elsewhere) is still cross-site.
    expect((await post({ password: 'keystore-pass-1', confirmation: 'keystore-pass-1' }, { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const mismatch = await post({ password: 'keystore-pass-1', confirmation: 'keystore-pass-2' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain('do not match');

    const download = await post({ password: 'keystore-pass-1', confirmation: 'keystore-pass-1' });
    expect(download.status).toBe(200);
    expect(download.header('content-disposition')).toMatch(/^attachment; filename="UTC--.+--[0-9a-f]{40}\.json"$/);
    const keystore = JSON.parse(download.body) as { version: number; address: string };
    expect(keystore.version).toBe(3);
    expect(keystore.address).toBe('2c7536e3605d9c16a7a3d7b1898e529396a65c23');

    expect((await post({ password: 'keystore-pass-1', confirmation: 'keystore-pass-1' })).status).toBe(410);
  }, 60_000);
});
