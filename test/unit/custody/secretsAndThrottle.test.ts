import { describe, expect, it } from 'vitest';
import { InvalidPrivateKeyError } from '../../../src/main/core/custody/errors';
import { addressOfPrivateKey } from '../../../src/main/core/custody/keyAddress';
import { assertValidPrivateKey, parsePrivateKeyHex } from '../../../src/main/core/custody/privateKey';
import { constantTimeEqual, maskSecret, useThenWipe, wipe } from '../../../src/main/core/custody/secretBytes';
import { createUnlockThrottle, delayAfterFailures, retryMessage } from '../../../src/main/core/custody/unlockThrottle';
import { caught, expectNoSecret, SIGNING_KEY_HEX } from './helpers';

describe('maskSecret', () => {
  it('shows only the last 4 characters', () => {
    expect(maskSecret('a1b2c3d4-0000-4000-8000-feedfacecafe')).toBe('••••cafe');
    expect(maskSecret('123456789')).toBe('••••6789');
  });
  it('shows nothing of short values, where 4 characters would be half the secret', () => {
    expect(maskSecret('12345678')).toBe('••••');
    expect(maskSecret('abc')).toBe('••••');
    expect(maskSecret('')).toBe('••••');
  });
  it('never splits a surrogate pair', () => {
    expect(maskSecret('secret-value-😀😀')).toBe('••••e-😀😀');
  });
});

describe('secret bytes', () => {
  it('wipes arrays, also after a throwing use', async () => {
    const a = Uint8Array.of(1, 2, 3);
    wipe(a, null, undefined);
    expect([...a]).toEqual([0, 0, 0]);
    const b = Uint8Array.of(9, 9);
    await expect(useThenWipe(b, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect([...b]).toEqual([0, 0]);
  });
  it('compares in constant time', () => {
    expect(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBe(true);
    expect(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3))).toBe(false);
    expect(constantTimeEqual(Uint8Array.of(1), Uint8Array.of(1, 2))).toBe(false);
  });
});

describe('private keys', () => {
  const N = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
  const hexToKey = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

  it('accepts 1 and n-1, refuses 0, n and above, and wrong lengths', () => {
    expect(() => assertValidPrivateKey(hexToKey('00'.repeat(31) + '01'))).not.toThrow();
    expect(() => assertValidPrivateKey(hexToKey(N.slice(0, -2) + '40'))).not.toThrow();
    for (const bad of ['00'.repeat(32), N, 'ff'.repeat(32), '01'.repeat(31), '01'.repeat(33)]) {
      expect(() => assertValidPrivateKey(hexToKey(bad))).toThrow(InvalidPrivateKeyError);
    }
  });

  it('parses typed hex with or without 0x, naming the problem but not the key', async () => {
    expect(Buffer.from(parsePrivateKeyHex(` 0x${SIGNING_KEY_HEX} `)).toString('hex')).toBe(SIGNING_KEY_HEX);
    const short = await caught(() => parsePrivateKeyHex(SIGNING_KEY_HEX.slice(2)));
    expect(short.message).toBe('A private key must be exactly 32 bytes; this one is 31.');
    expectNoSecret(short, [SIGNING_KEY_HEX.slice(2)]);
    expect((await caught(() => parsePrivateKeyHex(`${SIGNING_KEY_HEX.slice(1)}g`))).message).toMatch(/hexadecimal/);
  });

  it('derives the checksummed address', () => {
    // Well-known key/address pair from the web3.js documentation.
    expect(addressOfPrivateKey(hexToKey(SIGNING_KEY_HEX))).toBe('0x2c7536E3605D9C16a7a3D7b1898e529396a65c23');
  });
});

describe('unlock throttle', () => {
  it('allows 3 failures, then waits 1 s, 2 s, 4 s … capped at 5 min', () => {
    expect([0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 100].map((n) => delayAfterFailures(n))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 32000, 64000, 128000, 256000, 300000, 300000,
    ]);
  });

  it('reports the remaining wait on an injected clock and resets on success', () => {
    let now = 0;
    const throttle = createUnlockThrottle({ now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(throttle.check()).toBe(0);
      throttle.recordAttempt();
      throttle.recordFailure();
    }
    expect(throttle.check()).toBe(1000);
    now = 400;
    expect(throttle.check()).toBe(600);
    expect(retryMessage(throttle.check())).toBe('try again in 1 s');
    now = 1000;
    expect(throttle.check()).toBe(0);
    throttle.recordAttempt();
    expect(throttle.check()).toBe(2000); // counted when it starts, before its answer is known
    now = 1800;
    throttle.recordFailure();
    expect(throttle.check()).toBe(2000); // and the delay runs from the answer
    throttle.recordSuccess();
    expect(throttle.check()).toBe(0);
    expect(throttle.failures).toBe(0);
  });
});

describe('EIP-55 addresses (checked against viem)', () => {
  it('checksums like viem and refuses a mixed-case typo', async () => {
    const { getAddress } = await import('viem');
    const { isAddress, toChecksumAddress } = await import('../../../src/main/core/custody/address');
    for (let i = 0; i < 50; i++) {
      const lower = `0x${Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(20))).toString('hex')}`;
      const checksummed = getAddress(lower);
      expect(toChecksumAddress(lower)).toBe(checksummed);
      expect(toChecksumAddress(lower.toUpperCase().replace('0X', '0x'))).toBe(checksummed);
      expect(isAddress(checksummed)).toBe(true);
      expect(isAddress(lower)).toBe(true);
    }
    expect(isAddress('0x2c7536E3605D9C16a7a3D7b1898e529396a65c23')).toBe(true);
    expect(isAddress('0x2c7536E3605D9C16a7a3D7b1898e529396a65C23')).toBe(false);
    expect(isAddress('0x2c7536e3605d9c16a7a3d7b1898e529396a65c2')).toBe(false);
    expect(isAddress('2c7536e3605d9c16a7a3d7b1898e529396a65c23')).toBe(false);
  });
});
