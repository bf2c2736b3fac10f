/**
 * Finding 7: the sandbox admin routes took cross-site `text/plain` POSTs and foreign `Host`
 * headers, so any web page the user opened could switch the exchange into cancel-only, inject
 * order faults or mint paper funds. Over real HTTP against the running sandbox: only a loopback
 * Host at the server's port, no Origin, and `application/json` bodies get through; refusals
 * never echo the header values they refuse.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/main/core/net/httpClient';
import { RateBudget } from '../../src/main/core/net/rateBudget';
import { SandboxControls } from '../../src/main/core/trading/sandboxControls';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/start';

let sandbox: RunningSandbox;
let clob: URL;

const ALICE = '0x00000000000000000000000000000000000a11ce';
const FUNDER = '0x00000000000000000000000000000000000f0d00';
/** Every admin route that changes the exchange, with a body it accepts from a legitimate caller. */
const POST_ROUTES: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['/sandbox/faucet', { address: ALICE, amount: '5' }],
  ['/sandbox/mode', { mode: 'cancel-only' }],
  ['/sandbox/address', { address: ALICE, restriction: 'banned' }],
  ['/sandbox/faults', { orderTimeouts: 3 }],
  ['/sandbox/funder', { signer: ALICE, funder: FUNDER, signatureType: 2 }],
  ['/sandbox/edge-stats/reset', {}],
];
/** The admin routes that expose internals. */
const GET_ROUTES = ['/sandbox/mode', '/sandbox/edge-stats'] as const;
/** Attacker-chosen text that must never come back in a refusal. */
const MARKER = 'evil-marker-7f3a';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request with exactly these headers (fetch would not let a test choose `Host`). */
function raw(base: URL, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, method, path, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

const ownHost = () => `127.0.0.1:${clob.port}`;
const json = { 'content-type': 'application/json' };

async function currentMode(): Promise<string> {
  const res = await raw(clob, 'GET', '/sandbox/mode', { host: ownHost() });
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { mode: string }).mode;
}

function expectNoEcho(res: RawAnswer): void {
  expect(res.text).not.toContain(MARKER);
  expect(JSON.stringify(res.headers)).not.toContain(MARKER);
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  clob = new URL(sandbox.urls.clob);
});

afterAll(async () => {
  await sandbox.stop();
});

describe('a web page cannot drive the sandbox admin routes', () => {
  it('refuses the cross-site text/plain POST a page can send without a preflight, and the mode stays normal', async () => {
    for (const [path, body] of POST_ROUTES) {
      const res = await raw(clob, 'POST', path, {
        host: ownHost(), origin: `http://${MARKER}.example`, 'content-type': 'text/plain;charset=UTF-8',
      }, JSON.stringify(body));
      expect(res.status, path).toBe(403);
      expectNoEcho(res);
    }
    expect(await currentMode()).toBe('normal');
  });

  it.each([
    ['text/plain;charset=UTF-8'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
    ['application/jsonx'],
  ])('answers 415 to a %s body even without an Origin', async (contentType) => {
    for (const [path, body] of POST_ROUTES) {
      const res = await raw(clob, 'POST', path, { host: ownHost(), 'content-type': contentType }, JSON.stringify(body));
      expect(res.status, path).toBe(415);
      expect(JSON.parse(res.text)).toEqual({ error: 'sandbox admin routes accept only Content-Type: application/json' });
    }
    expect(await currentMode()).toBe('normal');
  });

  it('answers 415 to a POST that declares no Content-Type', async () => {
    for (const [path, body] of POST_ROUTES) {
      expect((await raw(clob, 'POST', path, { host: ownHost() }, JSON.stringify(body))).status, path).toBe(415);
    }
    expect(await currentMode()).toBe('normal');
  });

  it.each([
    [`${MARKER}.example`],
    [`${MARKER}.example:PORT`],
    ['127.0.0.1.evil-marker-7f3a.example:PORT'],
    ['localhost'],
    ['127.0.0.1:1'],
    ['[::1]'],
    ['0.0.0.0:PORT'],
  ])('answers 421 to the foreign Host %s (DNS rebinding), for writes and reads', async (hostPattern) => {
    const host = hostPattern.replace('PORT', clob.port);
    for (const [path, body] of POST_ROUTES) {
      const res = await raw(clob, 'POST', path, { host, ...json }, JSON.stringify(body));
      expect(res.status, `${host} ${path}`).toBe(421);
      expectNoEcho(res);
    }
    for (const path of GET_ROUTES) {
      const res = await raw(clob, 'GET', path, { host });
      expect(res.status, `${host} ${path}`).toBe(421);
      expectNoEcho(res);
    }
    expect(await currentMode()).toBe('normal');
  });

  it.each([[`http://${MARKER}.example`], ['null'], ['http://127.0.0.1:PORT']])('answers 403 to any Origin (%s), for writes and reads', async (originPattern) => {
    const origin = originPattern.replace('PORT', clob.port);
    for (const [path, body] of POST_ROUTES) {
      const res = await raw(clob, 'POST', path, { host: ownHost(), origin, ...json }, JSON.stringify(body));
      expect(res.status, `${origin} ${path}`).toBe(403);
      expect(JSON.parse(res.text)).toEqual({ error: 'sandbox admin routes refuse requests that carry an Origin' });
      expectNoEcho(res);
    }
    for (const path of GET_ROUTES) {
      expect((await raw(clob, 'GET', path, { host: ownHost(), origin })).status, `${origin} ${path}`).toBe(403);
    }
    expect(await currentMode()).toBe('normal');
  });

  it('guards /sandbox/ paths on every service, not just the order book', async () => {
    for (const service of ['analytics', 'catalog', 'perps'] as const) {
      const base = new URL(sandbox.urls[service]);
      const res = await raw(base, 'POST', '/sandbox/mode', { host: `${MARKER}.example`, ...json }, '{"mode":"cancel-only"}');
      expect(res.status, service).toBe(421);
      expectNoEcho(res);
    }
  });

  it('guards the fault routes on all four services, and a refused rule never reaches the rule list', async () => {
    const rule = JSON.stringify({ pathPattern: '/time', kind: 'reset', count: 5 });
    for (const service of ['analytics', 'clob', 'catalog', 'perps'] as const) {
      const base = new URL(sandbox.urls[service]);
      const own = `127.0.0.1:${base.port}`;
      expect((await raw(base, 'POST', '/sandbox/faults/rules', { host: `${MARKER}.example`, ...json }, rule)).status, service).toBe(421);
      expect((await raw(base, 'POST', '/sandbox/faults/rules', { host: own, origin: `http://${MARKER}.example`, ...json }, rule)).status, service).toBe(403);
      expect((await raw(base, 'POST', '/sandbox/faults/rules', { host: own, 'content-type': 'text/plain' }, rule)).status, service).toBe(415);
      expect((await raw(base, 'DELETE', '/sandbox/faults/rules', { host: own, 'content-type': 'text/plain' })).status, service).toBe(415);
      expect((await raw(base, 'GET', '/sandbox/faults', { host: own, origin: 'null' })).status, service).toBe(403);
      const listed = await raw(base, 'GET', '/sandbox/faults', { host: own });
      expect(listed.status, service).toBe(200);
      expect(JSON.parse(listed.text).rules, service).toEqual([]);
    }
  });

  it('guards the perps admin routes (faucet, position, account, weights) and credits nothing when refused', async () => {
    const perps = new URL(sandbox.urls.perps);
    const own = `127.0.0.1:${perps.port}`;
    const faucet = JSON.stringify({ address: ALICE, asset: 'USDC', amount: '5' });
    const position = JSON.stringify({ address: ALICE, instrument_id: 1, size: '1' });
    for (const [path, body] of [['/sandbox/perps/faucet', faucet], ['/sandbox/perps/position', position]] as const) {
      expect((await raw(perps, 'POST', path, { host: `${MARKER}.example`, ...json }, body)).status, path).toBe(421);
      expect((await raw(perps, 'POST', path, { host: own, origin: `http://${MARKER}.example`, ...json }, body)).status, path).toBe(403);
      expect((await raw(perps, 'POST', path, { host: own, 'content-type': 'text/plain' }, body)).status, path).toBe(415);
    }
    for (const path of ['/sandbox/perps/weights', `/sandbox/perps/account?address=${ALICE}`]) {
      expect((await raw(perps, 'GET', path, { host: own, origin: 'null' })).status, path).toBe(403);
    }
    // Nothing above reached the routes: the account was never opened.
    const account = await raw(perps, 'GET', `/sandbox/perps/account?address=${ALICE}`, { host: own });
    expect(account.status).toBe(400);
    expect(JSON.parse(account.text)).toEqual({ status: 'err', error: 'unknown_account' });
  });
});

describe('local programs keep working', () => {
  it.each([['127.0.0.1:PORT'], ['localhost:PORT'], ['[::1]:PORT'], ['LOCALHOST:PORT']])('accepts the loopback Host %s with a JSON body and no Origin', async (hostPattern) => {
    const host = hostPattern.replace('PORT', clob.port);
    for (const [path, body] of POST_ROUTES.filter(([p]) => p !== '/sandbox/mode')) {
      const res = await raw(clob, 'POST', path, { host, 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(body));
      expect(res.status, `${host} ${path}`).toBe(200);
    }
    for (const path of GET_ROUTES) expect((await raw(clob, 'GET', path, { host })).status, `${host} ${path}`).toBe(200);
  });

  it('lets the core change the mode through its own HTTP client (Node sends no Origin)', async () => {
    const http = new HttpClient({ urls: () => sandbox.urls, budget: new RateBudget(), windowsFor: () => [] });
    const controls = new SandboxControls(http, () => true);
    await controls.setMode('post-only');
    expect(await currentMode()).toBe('post-only');
    await controls.setMode('normal');
    expect(await currentMode()).toBe('normal');
  });
});
