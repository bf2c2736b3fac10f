/** The order-book auth helpers against the wire-format vectors, without HTTP. */
import { describe, expect, it } from 'vitest';
import { ApiKeyStore } from '../../../src/sandbox/clob/auth/apiKeyStore';
import { verifyL1 } from '../../../src/sandbox/clob/auth/l1Auth';
import { verifyL2, type L2Request } from '../../../src/sandbox/clob/auth/l2Auth';

// wire-formats.md, "L1": key 0xac09…ff80, chainId 80002, timestamp 10000000, nonce 23.
const VECTOR_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const VECTOR_SIGNATURE =
  '0xf62319a987514da40e57e2f4d7529f7bac38f0355bd88bb5adbb3768d80de6c1682518e0af677d5260366425f4361e7b70c25ae232aff0ab2331e2b164a1aedc1b';
const VECTOR_NOW_MS = 10_000_000 * 1000;

const l1 = (overrides: Record<string, string | undefined> = {}) => ({
  headers: { svc_address: VECTOR_ADDRESS, svc_signature: VECTOR_SIGNATURE, svc_timestamp: '10000000', svc_nonce: '23', ...overrides },
});

describe('verifyL1 (ClobAuth)', () => {
  it('accepts the wire-format vector on chain 80002', async () => {
    expect(await verifyL1(l1(), 80002, VECTOR_NOW_MS)).toEqual({ ok: true, identity: { address: VECTOR_ADDRESS, nonce: 23n } });
    expect((await verifyL1(l1({ svc_address: VECTOR_ADDRESS.toLowerCase() }), 80002, VECTOR_NOW_MS)).ok).toBe(true);
  });

  it.each([
    ['chain 137', l1(), 137, VECTOR_NOW_MS],
    ['another nonce', l1({ svc_nonce: '22' }), 80002, VECTOR_NOW_MS],
    ['the default nonce', l1({ svc_nonce: undefined }), 80002, VECTOR_NOW_MS],
    ['a timestamp written differently', l1({ svc_timestamp: '010000000' }), 80002, VECTOR_NOW_MS],
    ['a server clock 5 min 1 s later', l1(), 80002, VECTOR_NOW_MS + 301_000],
    ['a nonce above uint256', l1({ svc_nonce: (1n << 256n).toString() }), 80002, VECTOR_NOW_MS],
  ])('refuses the vector with %s', async (_label, ctx, chainId, now) => {
    const result = await verifyL1(ctx, chainId, now);
    expect(result).toEqual({ ok: false, reply: { status: 401, body: { error: 'Invalid L1 Request headers' } } });
  });

  it('accepts a clock exactly 5 minutes away', async () => {
    expect((await verifyL1(l1(), 80002, VECTOR_NOW_MS - 300_000)).ok).toBe(true);
  });
});

describe('verifyL2 (HMAC) against the wire-format vectors', () => {
  // wire-formats.md, "L2": secret of 32 zero bytes, timestamp 1000000.
  const store = new ApiKeyStore(() => ({ apiKey: 'key-1', secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', passphrase: 'pass' }));
  const key = store.create(VECTOR_ADDRESS, 0n)!;
  const now = 1_000_000 * 1000;
  const request = (method: string, path: string, body: string, signature: string, bytes = Buffer.from(body)): L2Request => ({
    method, path, body, rawBody: bytes,
    headers: { svc_address: VECTOR_ADDRESS, svc_signature: signature, svc_timestamp: '1000000', svc_api_key: key.apiKey, svc_passphrase: 'pass' },
  });

  it('accepts GET /data/orders and DELETE /order with their vector signatures', () => {
    expect(verifyL2(request('GET', '/data/orders', '', '9-I3DmVY9ObJ6EVf_KvrHpUWMOQJXiAjR5z7fO8qnPw='), store, now)).toMatchObject({ ok: true, identity: { address: VECTOR_ADDRESS.toLowerCase() } });
    expect(verifyL2(request('DELETE', '/order', '{"orderID":"0xabc"}', 'uDik2sJCld_MdoWGqIQRFT0bSHuSAKTNTd3PXcRDnws='), store, now).ok).toBe(true);
  });

  it('refuses the same signature in another encoding, for another body, or over bytes that are not the text', () => {
    const refused = { ok: false, reply: { status: 401, body: { error: 'Unauthorized/Invalid api key' } } };
    expect(verifyL2(request('GET', '/data/orders', '', '9-I3DmVY9ObJ6EVf_KvrHpUWMOQJXiAjR5z7fO8qnPw'), store, now)).toEqual(refused);
    expect(verifyL2(request('DELETE', '/order', '{"orderID":"0xabd"}', 'uDik2sJCld_MdoWGqIQRFT0bSHuSAKTNTd3PXcRDnws='), store, now)).toEqual(refused);
    const invalidUtf8 = Buffer.from([0x7b, 0xff, 0x7d]);
    expect(verifyL2(request('POST', '/order', invalidUtf8.toString('utf8'), 'x', invalidUtf8), store, now)).toEqual(refused);
    expect(verifyL2(request('GET', '/data/orders', '', '9-I3DmVY9ObJ6EVf_KvrHpUWMOQJXiAjR5z7fO8qnPw='), store, now + 301_000)).toEqual(refused);
  });
});

describe('ApiKeyStore', () => {
  it('keeps one key per (address, nonce), case-insensitively, and frees the nonce on delete', () => {
    const store = new ApiKeyStore();
    const a = store.create('0xAbCdEf0000000000000000000000000000000001', 0n)!;
    expect(store.create('0xabcdef0000000000000000000000000000000001', 0n)).toBeNull();
    expect(store.derive('0xABCDEF0000000000000000000000000000000001', 0n)).toBe(a);
    const b = store.create('0xabcdef0000000000000000000000000000000001', 1n)!;
    expect(store.keysOf('0xABCDEF0000000000000000000000000000000001')).toEqual([a.apiKey, b.apiKey]);
    expect(store.delete(a.apiKey)).toBe(true);
    expect(store.delete(a.apiKey)).toBe(false);
    expect(store.derive('0xabcdef0000000000000000000000000000000001', 0n)).toBeUndefined();
    expect(store.create('0xabcdef0000000000000000000000000000000001', 0n)).not.toBeNull();
  });
});
