import { describe, expect, it } from 'vitest';
import { decodeBase64Any, encodeBase64 } from '../../../src/shared/base64';
import { l2SecretKey, l2Signature } from '../../../src/signing/l2Hmac';

// wire-formats.md, "L2: HMAC-SHA256" vectors.
const secret = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

describe('L2 HMAC signatures', () => {
  it.each([
    ['test-sign', '/orders', '{"hash": "0x123"}', 'ZwAdJKvoYRlEKDkNMwd5BuwNNtg93kNaR_oU2HrfVvc='],
    ['GET', '/data/orders', undefined, '9-I3DmVY9ObJ6EVf_KvrHpUWMOQJXiAjR5z7fO8qnPw='],
    ['DELETE', '/order', '{"orderID":"0xabc"}', 'uDik2sJCld_MdoWGqIQRFT0bSHuSAKTNTd3PXcRDnws='],
  ])('%s %s matches the vector', (method, path, body, expected) => {
    expect(l2Signature(secret, 1000000, method, path, body)).toBe(expected);
  });

  it.each([
    ['test-sign', '/orders', '{"hash": "0x123"}', 'ZwAdJKvoYRlEKDkNMwd5BuwNNtg93kNaR_oU2HrfVvc='],
    ['DELETE', '/order', '{"orderID":"0xabc"}', 'uDik2sJCld_MdoWGqIQRFT0bSHuSAKTNTd3PXcRDnws='],
  ])('%s %s matches the vector with the secret decoded once into a KeyObject', (method, path, body, expected) => {
    const key = l2SecretKey(secret);
    expect(key.type).toBe('secret');
    expect(key.symmetricKeySize).toBe(32);
    expect(l2Signature(key, 1000000, method, path, body)).toBe(expected);
    expect(l2Signature(key, 1000000, method, path, body)).toBe(expected);
  });

  it('ignores the query string of the path', () => {
    expect(l2Signature(secret, 1000000, 'GET', '/data/orders?next_cursor=MA==')).toBe('9-I3DmVY9ObJ6EVf_KvrHpUWMOQJXiAjR5z7fO8qnPw=');
  });

  it('decodes base64 and base64url secrets, padded or not, to the same key', () => {
    const a = decodeBase64Any('++/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');
    const b = decodeBase64Any('--_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(a).toEqual(b);
    expect(a.length).toBe(32);
  });

  it('round-trips bytes through both alphabets', () => {
    const bytes = Uint8Array.from({ length: 67 }, (_, i) => (i * 37) & 0xff);
    expect(decodeBase64Any(encodeBase64(bytes))).toEqual(bytes);
    expect(decodeBase64Any(encodeBase64(bytes, { url: true, pad: false }))).toEqual(bytes);
  });

  it('refuses characters outside both alphabets', () => {
    expect(() => decodeBase64Any('abc$')).toThrow(/outside both alphabets/);
  });
});
