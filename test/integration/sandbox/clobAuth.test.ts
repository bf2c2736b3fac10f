/**
 * Order-book credentials over real loopback HTTP: L1 create / derive, L2 listing and deletion,
 * and every refusal with the spec's message.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { clobAuthTypedData } from '../../../src/signing/clobAuth';
import { l2Signature } from '../../../src/signing/l2Hmac';
import { request } from './http';

const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
type Signer = typeof alice;

interface Credentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

const INVALID_L1 = { error: 'Invalid L1 Request headers' };
const INVALID_KEY = { error: 'Unauthorized/Invalid api key' };

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
});
afterAll(async () => {
  await sandbox?.stop();
});

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

async function l1Headers(signer: Signer, nonce: number, options: { timestamp?: string; chainId?: number; address?: string } = {}) {
  const timestamp = options.timestamp ?? nowSeconds();
  const signature = await signer.signTypedData(
    clobAuthTypedData(options.chainId ?? 137, { address: signer.address, timestamp, nonce: BigInt(nonce) }),
  );
  return { SVC_ADDRESS: options.address ?? signer.address, SVC_SIGNATURE: signature, SVC_TIMESTAMP: timestamp, SVC_NONCE: String(nonce) };
}

const createKey = (headers: Record<string, string>) => request<Credentials>(`${sandbox.urls.clob}/auth/api-key`, { method: 'POST', headers });
const deriveKey = (headers: Record<string, string>) => request<Credentials>(`${sandbox.urls.clob}/auth/derive-api-key`, { headers });

function l2Headers(creds: Credentials, address: string, method: string, path: string, body?: string, timestamp = nowSeconds()) {
  return {
    SVC_ADDRESS: address,
    SVC_SIGNATURE: l2Signature(creds.secret, timestamp, method, path, body),
    SVC_TIMESTAMP: timestamp,
    SVC_API_KEY: creds.apiKey,
    SVC_PASSPHRASE: creds.passphrase,
  };
}

const listKeys = (headers: Record<string, string>) => request<{ apiKeys: string[] }>(`${sandbox.urls.clob}/auth/api-keys`, { headers });

describe('L1: create and derive API credentials', () => {
  let created: Credentials;

  it('creates credentials with a uuid key, a base64url secret and a hex passphrase', async () => {
    const res = await createKey(await l1Headers(alice, 0));
    expect(res.status).toBe(200);
    created = res.body;
    expect(Object.keys(created).sort()).toEqual(['apiKey', 'passphrase', 'secret']);
    expect(created.apiKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(created.passphrase).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a second key for the same nonce, and derives the first one', async () => {
    const again = await createKey(await l1Headers(alice, 0));
    expect(again).toMatchObject({ status: 400, body: { error: 'Could not create api key' } });
    const derived = await deriveKey(await l1Headers(alice, 0));
    expect(derived.status).toBe(200);
    expect(derived.body).toEqual(created);
  });

  it('keeps nonces and addresses apart, matching the address case-insensitively', async () => {
    const other = await createKey(await l1Headers(alice, 1));
    expect(other.status).toBe(200);
    expect(other.body.apiKey).not.toBe(created.apiKey);
    const lower = await deriveKey(await l1Headers(alice, 0, { address: alice.address.toLowerCase() }));
    expect(lower.body).toEqual(created);
    expect(await deriveKey(await l1Headers(bob, 0))).toMatchObject({ status: 400, body: { error: 'Could not derive api key!' } });
  });

  it('answers an unknown nonce with 400 "Could not derive api key!"', async () => {
    const res = await deriveKey(await l1Headers(alice, 99));
    expect(res).toMatchObject({ status: 400, body: { error: 'Could not derive api key!' } });
  });

  it('treats a missing SVC_NONCE as nonce 0', async () => {
    const { SVC_NONCE: _nonce, ...headers } = await l1Headers(alice, 0);
    expect((await deriveKey(headers)).body).toEqual(created);
  });

  type HeaderCase = [string, () => Promise<Record<string, string>>];
  it.each<HeaderCase>([
    ['a signature by someone else', async () => ({ ...(await l1Headers(bob, 0)), SVC_ADDRESS: alice.address })],
    ['a different address than the signer', async () => l1Headers(alice, 0, { address: bob.address })],
    ['a timestamp 6 minutes old', async () => l1Headers(alice, 0, { timestamp: String(Math.floor(Date.now() / 1000) - 360) })],
    ['a timestamp 6 minutes ahead', async () => l1Headers(alice, 0, { timestamp: String(Math.floor(Date.now() / 1000) + 360) })],
    ['a signature over another chain id', async () => l1Headers(alice, 0, { chainId: 80002 })],
    ['a nonce other than the signed one', async () => ({ ...(await l1Headers(alice, 0)), SVC_NONCE: '1' })],
    ['a timestamp other than the signed one', async () => ({ ...(await l1Headers(alice, 0)), SVC_TIMESTAMP: String(Number(nowSeconds()) - 1) })],
    ['a malformed signature', async () => ({ ...(await l1Headers(alice, 0)), SVC_SIGNATURE: '0x1234' })],
    ['a malformed address', async () => ({ ...(await l1Headers(alice, 0)), SVC_ADDRESS: 'alice' })],
    ['a non-numeric nonce', async () => ({ ...(await l1Headers(alice, 0)), SVC_NONCE: 'zero' })],
    ...(['SVC_ADDRESS', 'SVC_SIGNATURE', 'SVC_TIMESTAMP'] as const).map((name): HeaderCase => [
      `no ${name}`,
      async () => {
        const headers: Record<string, string> = await l1Headers(alice, 0);
        delete headers[name];
        return headers;
      },
    ]),
  ])('refuses %s with 401 "Invalid L1 Request headers" on create and derive', async (_label, build) => {
    const headers = await build();
    expect(await createKey(headers)).toMatchObject({ status: 401, body: INVALID_L1 });
    expect(await deriveKey(headers)).toMatchObject({ status: 401, body: INVALID_L1 });
  });

  it('counts the auth routes in the API key window (100 per 10 s)', async () => {
    sandbox.resetEdgeStats();
    await deriveKey(await l1Headers(alice, 0));
    await createKey({});
    const scope = sandbox.edgeStats().find((s) => s.scope === 'clob:auth');
    expect(scope).toMatchObject({ label: 'API key endpoints', limit: 100, windowMs: 10_000, total: 2 });
    expect(sandbox.edgeStats().find((s) => s.scope === 'clob')!.total).toBe(2);
  });
});

describe('L2: listing and deleting keys', () => {
  let keyA: Credentials;
  let keyB: Credentials;
  const keysPath = '/auth/api-keys';

  beforeAll(async () => {
    keyA = (await createKey(await l1Headers(alice, 10))).body;
    keyB = (await createKey(await l1Headers(alice, 11))).body;
    await createKey(await l1Headers(bob, 10));
  });

  it('lists the address\'s keys for a correctly signed request', async () => {
    const res = await listKeys(l2Headers(keyA, alice.address, 'GET', keysPath));
    expect(res.status).toBe(200);
    expect(res.body.apiKeys).toEqual(expect.arrayContaining([keyA.apiKey, keyB.apiKey]));
    const bobKey = (await deriveKey(await l1Headers(bob, 10))).body.apiKey;
    expect(res.body.apiKeys).not.toContain(bobKey);
    // The query string is not signed, and the address matches case-insensitively.
    const withQuery = await request<{ apiKeys: string[] }>(`${sandbox.urls.clob}${keysPath}?x=1`, { headers: l2Headers(keyA, alice.address.toLowerCase(), 'GET', keysPath) });
    expect(withQuery.status).toBe(200);
  });

  it.each([
    ['a wrong passphrase', () => ({ ...l2Headers(keyA, alice.address, 'GET', keysPath), SVC_PASSPHRASE: keyB.passphrase })],
    ['a signature made with another secret', () => l2Headers({ ...keyA, secret: keyB.secret }, alice.address, 'GET', keysPath)],
    ['another address than the key\'s owner', () => l2Headers(keyA, bob.address, 'GET', keysPath)],
    ['an unknown api key', () => ({ ...l2Headers(keyA, alice.address, 'GET', keysPath), SVC_API_KEY: '00000000-0000-4000-8000-000000000000' })],
    ['an expired timestamp', () => l2Headers(keyA, alice.address, 'GET', keysPath, undefined, String(Math.floor(Date.now() / 1000) - 360))],
    ['a signature over another path', () => l2Headers(keyA, alice.address, 'GET', '/auth/api-key')],
    ['a signature over another method', () => l2Headers(keyA, alice.address, 'DELETE', keysPath)],
    ['a timestamp other than the signed one', () => ({ ...l2Headers(keyA, alice.address, 'GET', keysPath), SVC_TIMESTAMP: String(Number(nowSeconds()) - 1) })],
    ['no SVC_SIGNATURE', () => {
      const { SVC_SIGNATURE: _s, ...rest } = l2Headers(keyA, alice.address, 'GET', keysPath);
      return rest;
    }],
    ['no SVC_PASSPHRASE', () => {
      const { SVC_PASSPHRASE: _p, ...rest } = l2Headers(keyA, alice.address, 'GET', keysPath);
      return rest;
    }],
  ])('refuses %s with 401 "Unauthorized/Invalid api key"', async (_label, build) => {
    expect(await listKeys(build())).toMatchObject({ status: 401, body: INVALID_KEY });
  });

  it('signs the body exactly as sent: a tampered body is refused', async () => {
    const signed = '{"hash": "0x123"}';
    const url = `${sandbox.urls.clob}/auth/api-key`;
    const headers = l2Headers(keyB, alice.address, 'DELETE', '/auth/api-key', signed);
    // Same JSON value, different bytes: the HMAC covers the bytes.
    const tampered = await request(url, { method: 'DELETE', headers, body: '{"hash":"0x123"}' });
    expect(tampered).toMatchObject({ status: 401, body: INVALID_KEY });
    const missing = await request(url, { method: 'DELETE', headers });
    expect(missing).toMatchObject({ status: 401, body: INVALID_KEY });
    // The exact bytes pass (and delete keyB, which signed them).
    const exact = await request(url, { method: 'DELETE', headers, body: signed });
    expect(exact).toMatchObject({ status: 200, body: 'OK' });
  });

  it('deletes the signing key: it stops working, its nonce can be created again', async () => {
    const del = await request(`${sandbox.urls.clob}/auth/api-key`, { method: 'DELETE', headers: l2Headers(keyA, alice.address, 'DELETE', '/auth/api-key') });
    expect(del).toMatchObject({ status: 200, body: 'OK' });
    expect(await listKeys(l2Headers(keyA, alice.address, 'GET', keysPath))).toMatchObject({ status: 401, body: INVALID_KEY });
    expect(await deriveKey(await l1Headers(alice, 10))).toMatchObject({ status: 400, body: { error: 'Could not derive api key!' } });
    const recreated = await createKey(await l1Headers(alice, 10));
    expect(recreated.status).toBe(200);
    expect(recreated.body.apiKey).not.toBe(keyA.apiKey);
    const listed = await listKeys(l2Headers(recreated.body, alice.address, 'GET', keysPath));
    expect(listed.body.apiKeys).toContain(recreated.body.apiKey);
    expect(listed.body.apiKeys).not.toContain(keyA.apiKey);
    expect(listed.body.apiKeys).not.toContain(keyB.apiKey);
  });
});

describe('chainId option', () => {
  it('verifies the ClobAuth domain on the configured chain id', async () => {
    const amoy = await startSandbox({ port: 0, simulate: false, chainId: 80002 });
    try {
      const post = async (chainId: number) =>
        request(`${amoy.urls.clob}/auth/api-key`, { method: 'POST', headers: await l1Headers(alice, 0, { chainId }) });
      expect(await post(137)).toMatchObject({ status: 401, body: INVALID_L1 });
      expect((await post(80002)).status).toBe(200);
      expect((await request<{ chain_id: number }>(`${amoy.urls.perps}/v1/info/exchange`)).body.chain_id).toBe(80002);
    } finally {
      await amoy.stop();
    }
  });
});
