/**
 * Perps proxy keys over real loopback HTTP: owner-signed create and delete, proxy-key auth on
 * the referral read, referral codes, and every refusal with its `{status:"err", error}`.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { PERPS_PROXY_MAX_EXPIRY_DAYS } from '../../../src/shared/protocol/perps';
import {
  perpsOperationTypedData, type PerpsExchangeInfo, type PerpsOperationArgs, type PerpsOperationType,
} from '../../../src/signing/perpsOperations';
import { request } from './http';

const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const carol = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
type Signer = typeof alice;

/** Fresh proxy addresses (the sandbox never needs their keys). */
let proxySeq = 0;
const newProxy = () => `0x${(0xa000 + (proxySeq += 1)).toString(16).padStart(40, '0')}` as const;
let saltSeq = 1000;
const newSalt = () => (saltSeq += 1);

const DAY_MS = 86_400_000;
const ERR = (error: string) => ({ status: 'err', error });

let sandbox: RunningSandbox;
let info: PerpsExchangeInfo;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  info = (await request<PerpsExchangeInfo>(`${sandbox.urls.perps}/v1/info/exchange`)).body;
});
afterAll(async () => {
  await sandbox?.stop();
});

async function signedOp<T extends PerpsOperationType>(signer: Signer, type: T, args: PerpsOperationArgs[T], extra: Record<string, unknown> = {}) {
  const salt = (extra.salt as number | undefined) ?? newSalt();
  const ts = (extra.ts as number | undefined) ?? Date.now();
  const typedData = perpsOperationTypedData(info, type, args, salt, ts) as unknown as Parameters<Signer['signTypedData']>[0];
  const sig = await signer.signTypedData(typedData);
  return { op: { type, args }, sig, salt, ts, ...extra };
}

const createOp = (signer: Signer, args: Partial<PerpsOperationArgs['createProxy']> = {}, extra: Record<string, unknown> = {}) =>
  signedOp(signer, 'createProxy', { owner: signer.address, proxy: newProxy(), expiry: Date.now() + 30 * DAY_MS, ...args }, extra);

const send = <T = Record<string, unknown>>(method: 'POST' | 'DELETE', body: unknown) =>
  request<T>(`${sandbox.urls.perps}/v1/account/proxy`, {
    method, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const referral = (proxy: string, secret: string) =>
  request<Record<string, unknown>>(`${sandbox.urls.perps}/v1/account/referral`, { headers: { 'SERVICE-PROXY': proxy, 'SERVICE-SECRET': secret } });

async function createProxy(signer: Signer, extra: Record<string, unknown> = {}) {
  const body = await createOp(signer, {}, extra);
  const res = await send<{ status: string; secret: string }>('POST', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { proxy: body.op.args.proxy, secret: res.body.secret, body };
}

describe('creating a proxy key', () => {
  it('answers {status:"ok", secret} and the secret opens the private referral read', async () => {
    const body = await createOp(alice, {}, { label: 'desk' });
    const res = await send('POST', body);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['secret', 'status']);
    expect(res.body.status).toBe('ok');
    expect(res.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const read = await referral(body.op.args.proxy, res.body.secret as string);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ code: expect.stringMatching(/^MD[0-9A-F]{8}$/), children_count: 0, referrals_left: 10, fee_share_rate: '0.2' });
    // The proxy header matches case-insensitively.
    expect((await referral(body.op.args.proxy.toUpperCase().replace('0X', '0x'), res.body.secret as string)).status).toBe(200);
  });

  it('refuses the referral read without the right secret', async () => {
    const { proxy, secret } = await createProxy(alice);
    expect(await referral(proxy, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`)).toMatchObject({ status: 401, body: ERR('unauthorized') });
    expect(await referral(newProxy(), secret)).toMatchObject({ status: 401, body: ERR('unauthorized') });
    const none = await request(`${sandbox.urls.perps}/v1/account/referral`);
    expect(none).toMatchObject({ status: 401, body: ERR('unauthorized') });
  });

  it('refuses a replayed salt, and an existing proxy address', async () => {
    const first = await createOp(alice);
    expect((await send('POST', first)).status).toBe(200);
    expect(await send('POST', first)).toMatchObject({ status: 400, body: ERR('duplicate_salt') });
    const sameSalt = await createOp(alice, {}, { salt: first.salt });
    expect(await send('POST', sameSalt)).toMatchObject({ status: 400, body: ERR('duplicate_salt') });
    // Another owner may use the same salt.
    expect((await send('POST', await createOp(bob, {}, { salt: first.salt }))).status).toBe(200);
    const sameProxy = await createOp(bob, { proxy: first.op.args.proxy });
    expect(await send('POST', sameProxy)).toMatchObject({ status: 400, body: ERR('proxy_exists') });
  });

  it('refuses a signature by anyone but the owner with 401 invalid_signature', async () => {
    const forged = await signedOp(bob, 'createProxy', { owner: alice.address, proxy: newProxy(), expiry: Date.now() + DAY_MS });
    expect(await send('POST', forged)).toMatchObject({ status: 401, body: ERR('invalid_signature') });
    const good = await createOp(alice);
    // A signature over other values than those sent.
    expect(await send('POST', { ...good, op: { ...good.op, args: { ...good.op.args, expiry: good.op.args.expiry + 1 } } })).toMatchObject({ status: 401, body: ERR('invalid_signature') });
    expect(await send('POST', { ...good, salt: good.salt + 1 })).toMatchObject({ status: 401, body: ERR('invalid_signature') });
    expect(await send('POST', { ...good, sig: `0x${'11'.repeat(65)}` })).toMatchObject({ status: 401, body: ERR('invalid_signature') });
  });

  it('refuses malformed bodies with 400 naming the field', async () => {
    const good = await createOp(alice);
    const args = good.op.args;
    const cases: Array<[unknown, string]> = [
      ['not json', 'invalid_request: body must be a JSON object'],
      [[good], 'invalid_request: body must be a JSON object'],
      [{ ...good, extra: 1 }, 'invalid_request: unexpected field extra'],
      [{ ...good, op: 'createProxy' }, 'invalid_request: op must be an object {type, args}'],
      [{ ...good, op: { ...good.op, type: 'deleteProxy' } }, 'invalid_request: op.type must be "createProxy"'],
      [{ ...good, op: { type: 'createProxy' } }, 'invalid_args: args must be an object'],
      [{ ...good, op: { type: 'createProxy', args: { ...args, owner: 'alice' } } }, 'invalid_args: owner must be an address'],
      [{ ...good, op: { type: 'createProxy', args: { ...args, proxy: undefined } } }, 'invalid_args: proxy must be an address'],
      [{ ...good, op: { type: 'createProxy', args: { ...args, proxy: alice.address } } }, 'invalid_args: proxy must differ from owner'],
      [{ ...good, op: { type: 'createProxy', args: { ...args, expiry: String(args.expiry) } } }, 'invalid_args: expiry must be an integer (unix milliseconds)'],
      [{ ...good, op: { type: 'createProxy', args: { ...args, expiry: Date.now() - 1000 } } }, 'invalid_args: expiry must be in the future'],
      [{ ...good, op: { type: 'createProxy', args: { ...args, nonce: 1 } } }, 'invalid_args: unexpected field nonce'],
      [{ ...good, sig: 'abc' }, 'invalid_request: sig must be a 0x-prefixed 65-byte hex signature'],
      [{ ...good, salt: 1.5 }, 'invalid_request: salt must be a non-negative integer'],
      [{ ...good, salt: '7' }, 'invalid_request: salt must be a non-negative integer'],
      [{ ...good, ts: undefined }, 'invalid_request: ts must be an integer (unix milliseconds)'],
      [{ ...good, ts: Math.floor(Date.now() / 1000) }, 'invalid_ts: ts must be within 5 minutes of server time (unix milliseconds)'],
      [{ ...good, ts: Date.now() - 6 * 60_000 }, 'invalid_ts: ts must be within 5 minutes of server time (unix milliseconds)'],
      [{ ...good, label: 7 }, 'invalid_request: label must be a non-empty string of at most 64 characters'],
      [{ ...good, code: '' }, 'invalid_request: code must be a non-empty string of at most 64 characters'],
    ];
    for (const [body, error] of cases) {
      expect(await send('POST', body), error).toMatchObject({ status: 400, body: ERR(error) });
    }
    // None of those spent the salt or created the proxy.
    expect((await send('POST', good)).status).toBe(200);
  });

  it('accepts any future expiry: the spec states no longest lifetime (no 365-day cap)', async () => {
    const body = await createOp(carol, { expiry: Date.now() + 10 * 365 * DAY_MS });
    expect((await send('POST', body)).status).toBe(200);
    // As far as the app asks: its longest lifetime (PERPS_PROXY_MAX_EXPIRY_DAYS).
    const farthest = await createOp(carol, { expiry: Date.now() + PERPS_PROXY_MAX_EXPIRY_DAYS * DAY_MS });
    expect((await send('POST', farthest)).status).toBe(200);
  });
});

describe('referral codes on proxy creation', () => {
  it('applies a house code and an account\'s invite code, and refuses unknown codes', async () => {
    const dave = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');
    const erin = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a');
    expect(await send('POST', await createOp(dave, {}, { code: 'NOPE-123' }))).toMatchObject({ status: 400, body: ERR('invalid_referral_code') });
    const daveKey = await createProxy(dave, { code: 'welcome' });
    const daveRef = (await referral(daveKey.proxy, daveKey.secret)).body;
    expect(daveRef).toMatchObject({ parent: 'WELCOME', children_count: 0, referrals_left: 10 });

    // Dave's invite code (created by his first referral read) now refers Erin.
    expect(await send('POST', await createOp(dave, {}, { code: daveRef.code }))).toMatchObject({ status: 400, body: ERR('invalid_referral_code') });
    const erinKey = await createProxy(erin, { code: daveRef.code });
    expect((await referral(erinKey.proxy, erinKey.secret)).body).toMatchObject({ parent: daveRef.code });
    expect((await referral(daveKey.proxy, daveKey.secret)).body).toMatchObject({ children_count: 1, referrals_left: 9, parent: 'WELCOME' });
    // A later code does not change the parent.
    const again = await createProxy(erin, { code: 'WELCOME' });
    expect((await referral(again.proxy, again.secret)).body).toMatchObject({ parent: daveRef.code });
  });
});

describe('deleting a proxy key', () => {
  it('deletes with the owner\'s signature; the secret stops working', async () => {
    const { proxy, secret } = await createProxy(alice);
    expect((await referral(proxy, secret)).status).toBe(200);
    const forged = await signedOp(bob, 'deleteProxy', { proxy });
    expect(await send('DELETE', forged)).toMatchObject({ status: 401, body: ERR('invalid_signature') });
    expect((await referral(proxy, secret)).status).toBe(200);

    const del = await signedOp(alice, 'deleteProxy', { proxy });
    expect(await send('DELETE', del)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await referral(proxy, secret)).toMatchObject({ status: 401, body: ERR('unauthorized') });
    expect(await send('DELETE', del)).toMatchObject({ status: 400, body: ERR('unknown_proxy') });
    // The address is free again, under a fresh salt.
    expect((await send('POST', await createOp(alice, { proxy }))).status).toBe(200);
  });

  it('refuses unknown proxies, malformed bodies and replayed salts', async () => {
    expect(await send('DELETE', await signedOp(alice, 'deleteProxy', { proxy: newProxy() }))).toMatchObject({ status: 400, body: ERR('unknown_proxy') });
    const { proxy } = await createProxy(alice);
    const good = await signedOp(alice, 'deleteProxy', { proxy });
    expect(await send('DELETE', { ...good, op: { type: 'deleteProxy', args: { proxy: '0x12' } } })).toMatchObject({ status: 400, body: ERR('invalid_args: proxy must be an address') });
    expect(await send('DELETE', { ...good, code: 'WELCOME' })).toMatchObject({ status: 400, body: ERR('invalid_request: unexpected field code') });
    const creation = await createProxy(alice);
    const replay = await signedOp(alice, 'deleteProxy', { proxy: creation.proxy }, { salt: creation.body.salt });
    expect(await send('DELETE', replay)).toMatchObject({ status: 400, body: ERR('duplicate_salt') });
  });
});
