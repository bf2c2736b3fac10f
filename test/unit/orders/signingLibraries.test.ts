/**
 * The thin layer over the libraries that compute (hash-wasm keccak-256, tiny-secp256k1, node:crypto
 * HMAC) and our own encodings around them (hex, 256-bit words, v, EIP-55), checked against
 * @noble/hashes and viem on edge cases; the bulk comparison is differential.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { recoverAddress, toHex, type Hex } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { keccak256, keccak256Into } from '../../../src/signing/keccak';
import { bigintToBytes32, bytes32ToBigint } from '../../../src/signing/bytes32';
import { bytesToHex, hexToBytes } from '../../../src/signing/hex';
import { addressOfPrivateKey, recoverDigestSigner, signOrderDigest, warmOrderSigning } from '../../../src/signing/orderSigning';
import { seeded } from './fixtures';

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe('keccak256 (hash-wasm)', () => {
  it('matches @noble/hashes for every length from 0 to 700 bytes', () => {
    const r = seeded(1);
    for (let length = 0; length <= 700; length++) {
      const data = r.bytes(length);
      expect(hexOf(keccak256(data)), `length ${length}`).toBe(hexOf(keccak_256(data)));
    }
  });

  it('hashes the empty string to the known value and writes into a given buffer', () => {
    expect(hexOf(keccak256(new Uint8Array(0)))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    const out = new Uint8Array(40);
    keccak256Into(new TextEncoder().encode('abc'), out, 4);
    expect(hexOf(out.subarray(4, 36))).toBe(hexOf(keccak_256(new TextEncoder().encode('abc'))));
    expect(out[0]).toBe(0);
    expect(out[36]).toBe(0);
  });
});

describe('bytes and hex helpers', () => {
  it('round-trip', () => {
    const r = seeded(3);
    for (let i = 0; i < 100; i++) {
      const bytes = r.bytes(32);
      const v = bytes32ToBigint(bytes);
      expect(hexOf(bigintToBytes32(v, new Uint8Array(32)))).toBe(hexOf(bytes));
      expect(hexOf(hexToBytes(bytesToHex(bytes), 32, 'x'))).toBe(hexOf(bytes));
    }
    expect(() => hexToBytes('0x12', 32, 'thing')).toThrow(/thing must be 0x followed by 64 hex digits/);
    expect(() => hexToBytes(`0x${'g'.repeat(64)}`, 32, 'thing')).toThrow();
    expect(hexOf(hexToBytes('0XaBcD', 2, 'x'))).toBe('abcd');
  });
});

describe('secp256k1 ECDSA through tiny-secp256k1', () => {
  warmOrderSigning();
  const r = seeded(6);
  const keys: Uint8Array[] = Array.from({ length: 100 }, () => r.privateKey());
  keys.push(hexToBytes(`0x${'00'.repeat(31)}01`, 32, 'k'));
  keys.push(hexToBytes(`0x${(N - 1n).toString(16)}`, 32, 'k'));
  keys.push(hexToBytes(`0x000000${'ab'.repeat(29)}`, 32, 'k'));
  const digests: Uint8Array[] = keys.map(() => r.bytes(32));
  digests[0] = new Uint8Array(32).fill(0xff); // ≥ N: reduced before signing
  digests[1] = new Uint8Array(32); // zero digest

  it('signs exactly like viem (RFC 6979, low s) and derives the same address', async () => {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const digest = digests[i]!;
      const expected = await sign({ hash: toHex(digest), privateKey: toHex(key), to: 'hex' });
      expect(signOrderDigest(digest, key)).toBe(expected);
      const address = privateKeyToAccount(toHex(key)).address;
      expect(addressOfPrivateKey(key)).toBe(address);
      expect(recoverDigestSigner(digest, expected)).toBe(address);
    }
  });

  it('recovers what viem recovers for the other parity', async () => {
    for (let i = 0; i < 20; i++) {
      const digest = digests[i]!;
      const signature = signOrderDigest(digest, keys[i]!);
      const flipped = `${signature.slice(0, 130)}${signature.endsWith('1b') ? '1c' : '1b'}` as Hex;
      const expected = await recoverAddress({ hash: toHex(digest), signature: flipped });
      expect(recoverDigestSigner(digest, flipped)).toBe(expected);
    }
  });

  it('returns null for impossible signatures and refuses bad keys with an error', () => {
    const digest = digests[2]!;
    const word = (v: bigint) => v.toString(16).padStart(64, '0');
    expect(recoverDigestSigner(digest, `0x${word(0n)}${word(1n)}1b`)).toBeNull();
    expect(recoverDigestSigner(digest, `0x${word(1n)}${word(0n)}1b`)).toBeNull();
    expect(recoverDigestSigner(digest, `0x${word(N)}${word(1n)}1b`)).toBeNull();
    // x = 5 is not on the curve (5³ + 7 = 132 is not a square mod P).
    expect(recoverDigestSigner(digest, `0x${word(5n)}${word(1n)}1b`)).toBeNull();
    expect(() => signOrderDigest(digest, new Uint8Array(32))).toThrow(/out of range/);
    expect(() => signOrderDigest(digest, new Uint8Array(31))).toThrow(/private key must be 32 bytes/);
    expect(() => signOrderDigest(new Uint8Array(31), keys[0]!)).toThrow(/digest to sign must be 32 bytes/);
    expect(() => signOrderDigest(digest, hexToBytes(`0x${word(N)}`, 32, 'k'))).toThrow(/out of range/);
    expect(() => addressOfPrivateKey(new Uint8Array(32))).toThrow(/out of range/);
  });

  it('leaves the private key untouched', () => {
    const key = keys[3]!;
    const copy = Uint8Array.from(key);
    signOrderDigest(digests[3]!, key);
    expect(hexOf(key)).toBe(hexOf(copy));
  });
});
