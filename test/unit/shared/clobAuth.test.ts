import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { clobAuthTypedData, recoverClobAuthSigner } from '../../../src/signing/clobAuth';

// wire-formats.md, "L1: EIP-712 ClobAuth" vector.
const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const expected =
  '0xf62319a987514da40e57e2f4d7529f7bac38f0355bd88bb5adbb3768d80de6c1682518e0af677d5260366425f4361e7b70c25ae232aff0ab2331e2b164a1aedc1b';

describe('ClobAuth (L1) signing', () => {
  it('matches the wire-formats vector', async () => {
    const account = privateKeyToAccount(key);
    expect(account.address).toBe(address);
    const fields = { address, timestamp: '10000000', nonce: 23n } as const;
    const signature = await account.signTypedData(clobAuthTypedData(80002, fields));
    expect(signature).toBe(expected);
    expect(await recoverClobAuthSigner(80002, fields, signature)).toBe(address);
  });

  it('recovers a different signer when any field changes', async () => {
    const fields = { address, timestamp: '10000001', nonce: 23n } as const;
    expect(await recoverClobAuthSigner(80002, fields, expected)).not.toBe(address);
  });

  it('refuses what the exchange refuses for orders too: a high s or v = 0/1 (viem would accept both)', async () => {
    const fields = { address, timestamp: '10000000', nonce: 23n } as const;
    const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${expected.slice(66, 130)}`);
    const highS = `${expected.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}1c` as `0x${string}`;
    await expect(recoverClobAuthSigner(80002, fields, highS)).rejects.toThrow(/high s/);
    await expect(recoverClobAuthSigner(80002, fields, `${expected.slice(0, 130)}00` as `0x${string}`)).rejects.toThrow(/27 or 28/);
  });
});
