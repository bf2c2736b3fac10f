/**
 * The hand-tuned primitives under src/shared/orders/crypto against @noble/hashes and viem (which
 * signs with @noble/curves): keccak-256, HMAC-SHA256, modular inversion, square roots, RFC 6979
 * signatures, public keys and recovery.
 */
import { describe, expect, it } from 'vitest';
import { recoverPublicKey as viemRecoverPublicKey, toHex, type Hex } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak256 } from '../../../src/shared/orders/crypto/keccak256';
import { hmacKey, hmacSha256 } from '../../../src/shared/orders/crypto/hmacSha256';
import { bigintToBytes32, bytes32ToBigint } from '../../../src/shared/orders/crypto/bytes32';
import { bytesToHex, hexToBytes } from '../../../src/shared/orders/crypto/hex';
import { fSqr, fSqrt, invertMod, N, P } from '../../../src/shared/orders/crypto/secp256k1Math';
import { publicKeyOf, recoverPublicKey, signDigest, warmSecp256k1 } from '../../../src/shared/orders/crypto/secp256k1';
import { seeded } from './fixtures';

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** viem's uncompressed public key (0x04 ‖ x ‖ y) as coordinates. */
const point = (publicKey: Hex) => ({ x: BigInt(`0x${publicKey.slice(4, 68)}`), y: BigInt(`0x${publicKey.slice(68)}`) });

describe('keccak256', () => {
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
    keccak256(new TextEncoder().encode('abc'), out.subarray(4, 36));
    expect(hexOf(out.subarray(4, 36))).toBe(hexOf(keccak_256(new TextEncoder().encode('abc'))));
    expect(out[0]).toBe(0);
  });
});

describe('hmacSha256', () => {
  it('matches @noble/hashes for keys of 0–64 bytes and messages split in parts', () => {
    const r = seeded(2);
    for (let i = 0; i < 300; i++) {
      const key = r.bytes(r.int(65));
      const message = r.bytes(r.int(184));
      const cut = r.int(message.length + 1);
      const out = hmacSha256(hmacKey(key), [message.subarray(0, cut), message.subarray(cut)], new Uint8Array(32));
      expect(hexOf(out)).toBe(hexOf(hmac(sha256, key, message)));
    }
  });

  it('refuses keys over one block and messages over its scratch', () => {
    expect(() => hmacKey(new Uint8Array(65))).toThrow();
    expect(() => hmacSha256(hmacKey(new Uint8Array(32)), [new Uint8Array(184)], new Uint8Array(32))).toThrow();
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

describe('secp256k1 field', () => {
  it('inverts modulo P and N (Lehmer) on random and edge values', () => {
    const r = seeded(4);
    const values: bigint[] = [1n, 2n, 3n, (1n << 64n) - 1n, 1n << 64n, (1n << 64n) + 1n, 1n << 200n, N - 1n, P - 1n];
    for (let i = 0; i < 3000; i++) values.push(r.uint(1 + r.int(256)));
    for (const m of [P, N]) {
      for (const raw of values) {
        const a = raw % m;
        if (a === 0n) continue;
        const inverse = invertMod(a, m);
        expect(inverse >= 0n && inverse < m).toBe(true);
        expect((inverse * a) % m).toBe(1n);
      }
    }
    expect(() => invertMod(0n, P)).toThrow();
    expect(() => invertMod(P, P)).toThrow();
  });

  it('takes square roots of squares and refuses non-squares', () => {
    const r = seeded(5);
    let nonSquares = 0;
    for (let i = 0; i < 200; i++) {
      const x = r.uint(256) % P;
      const root = fSqrt(fSqr(x));
      expect(root === x || root === (P - x) % P).toBe(true);
      if (fSqrt(x) === null) nonSquares++;
    }
    expect(nonSquares).toBeGreaterThan(50);
  });
});

describe('secp256k1 ECDSA', () => {
  warmSecp256k1();
  const r = seeded(6);
  const keys: Uint8Array[] = Array.from({ length: 150 }, () => r.privateKey());
  keys.push(hexToBytes(`0x${'00'.repeat(31)}01`, 32, 'k'));
  keys.push(hexToBytes('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140', 32, 'k'));
  const digests: Uint8Array[] = keys.map(() => r.bytes(32));
  digests[0] = new Uint8Array(32).fill(0xff); // ≥ N: reduced before signing
  digests[1] = new Uint8Array(32); // zero digest

  it('signs exactly like viem (RFC 6979, low s) and recovers the key', async () => {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const digest = digests[i]!;
      const expected = await sign({ hash: toHex(digest), privateKey: toHex(key) });
      const ours = signDigest(digest, key);
      expect({ r: ours.r, s: ours.s, recovery: ours.recovery }).toEqual({
        r: BigInt(expected.r),
        s: BigInt(expected.s),
        recovery: expected.yParity,
      });
      const publicKey = point(privateKeyToAccount(toHex(key)).publicKey);
      expect(publicKeyOf(key)).toEqual(publicKey);
      expect(recoverPublicKey(digest, ours.r, ours.s, ours.recovery)).toEqual(publicKey);
    }
  });

  it('recovers what viem recovers for the other parity and for high s', async () => {
    for (let i = 0; i < 20; i++) {
      const digest = digests[i]!;
      const sig = signDigest(digest, keys[i]!);
      const flipped = 1 - sig.recovery;
      for (const s of [sig.s, N - sig.s]) {
        const expected = await viemRecoverPublicKey({
          hash: toHex(digest),
          signature: { r: toHex(sig.r, { size: 32 }), s: toHex(s, { size: 32 }), yParity: flipped },
        });
        expect(recoverPublicKey(digest, sig.r, s, flipped)).toEqual(point(expected));
      }
    }
  });

  it('returns null for impossible signatures and refuses bad keys', () => {
    const digest = digests[2]!;
    expect(recoverPublicKey(digest, 0n, 1n, 0)).toBeNull();
    expect(recoverPublicKey(digest, 1n, 0n, 0)).toBeNull();
    expect(recoverPublicKey(digest, N, 1n, 0)).toBeNull();
    expect(recoverPublicKey(digest, 1n, 1n, 2)).toBeNull();
    // x = 5 is not on the curve (5³ + 7 = 132 is not a square mod P).
    expect(fSqrt(132n)).toBeNull();
    expect(recoverPublicKey(digest, 5n, 1n, 0)).toBeNull();
    expect(() => signDigest(digest, new Uint8Array(32))).toThrow(/out of range/);
    expect(() => signDigest(digest, new Uint8Array(31))).toThrow(/32 bytes/);
    expect(() => signDigest(new Uint8Array(31), keys[0]!)).toThrow(/32 bytes/);
    expect(() => signDigest(digest, hexToBytes(`0x${N.toString(16)}`, 32, 'k'))).toThrow(/out of range/);
  });

  it('leaves the private key untouched', () => {
    const key = keys[3]!;
    const copy = Uint8Array.from(key);
    signDigest(digests[3]!, key);
    expect(hexOf(key)).toBe(hexOf(copy));
  });
});
