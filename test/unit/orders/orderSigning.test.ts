import { describe, expect, it } from 'vitest';
import { recoverTypedDataAddress, toHex, type Hex } from 'viem';
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import {
  addressOfPrivateKey,
  recoverDigestSigner,
  recoverOrderSigner,
  signOrder,
  signOrderDigest,
  warmOrderSigning,
} from '../../../src/signing/orderSigning';
import { orderDigest } from '../../../src/signing/orderHashing';
import { orderDomain, orderTypesV1, orderTypesV2 } from '../../../src/shared/orders/orderSchema';
/** The order of secp256k1's group. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
import {
  AMOY_V1_CONTRACTS,
  PUBLIC_CHAIN_137_CONTRACTS,
  VECTOR_ADDRESS,
  VECTOR_KEY_HEX,
  VECTOR_V1,
  VECTOR_V1_HASH,
  VECTOR_V2,
  VECTOR_V2_HASH,
  VECTOR_V2_SIGNATURE,
  randomContracts,
  randomStructV1,
  randomStructV2,
  seeded,
} from './fixtures';

const vectorKey = Uint8Array.from(Buffer.from(VECTOR_KEY_HEX.slice(2), 'hex'));

describe('order signing: wire-format vectors', () => {
  warmOrderSigning();

  it('signs the v2 vector to 0x745070…1b', () => {
    expect(signOrder(PUBLIC_CHAIN_137_CONTRACTS, 2, false, VECTOR_V2, vectorKey)).toEqual({
      hash: VECTOR_V2_HASH,
      signature: VECTOR_V2_SIGNATURE,
    });
  });

  it('recovers the vector signer', () => {
    expect(recoverOrderSigner(PUBLIC_CHAIN_137_CONTRACTS, 2, false, VECTOR_V2, VECTOR_V2_SIGNATURE)).toBe(VECTOR_ADDRESS);
    expect(addressOfPrivateKey(vectorKey)).toBe(VECTOR_ADDRESS);
  });

  it('signs the v1 vector like viem', async () => {
    const signed = signOrder(AMOY_V1_CONTRACTS, 1, false, VECTOR_V1, vectorKey);
    expect(signed.hash).toBe(VECTOR_V1_HASH);
    const expected = await privateKeyToAccount(VECTOR_KEY_HEX).signTypedData({
      domain: orderDomain(AMOY_V1_CONTRACTS, 1, false),
      types: orderTypesV1,
      primaryType: 'Order',
      message: VECTOR_V1,
    });
    expect(signed.signature).toBe(expected);
  });
});

describe('order signing against viem on 200 random orders', () => {
  it('v2 and v1: same signature as signTypedData, same signer as recoverTypedDataAddress', async () => {
    const r = seeded(21);
    for (let i = 0; i < 200; i++) {
      const key = r.privateKey();
      const account = privateKeyToAccount(toHex(key));
      const contracts = randomContracts(r);
      const negRisk = r.int(2) === 1;
      const v2 = i % 2 === 0;
      const struct = v2 ? randomStructV2(r, account.address) : randomStructV1(r, account.address);
      const typed = {
        domain: orderDomain(contracts, v2 ? 2 : 1, negRisk),
        types: v2 ? orderTypesV2 : orderTypesV1,
        primaryType: 'Order' as const,
        message: struct,
      };
      const ours = signOrder(contracts, v2 ? 2 : 1, negRisk, struct, key);
      const theirs = await account.signTypedData(typed as unknown as Parameters<typeof account.signTypedData>[0]);
      expect(ours.signature).toBe(theirs);
      expect(recoverOrderSigner(contracts, v2 ? 2 : 1, negRisk, struct, ours.signature)).toBe(account.address);
      expect(
        await recoverTypedDataAddress({ ...(typed as unknown as Parameters<typeof recoverTypedDataAddress>[0]), signature: ours.signature }),
      ).toBe(account.address);
      if (i < 20) expect(addressOfPrivateKey(key)).toBe(privateKeyToAddress(toHex(key)));
    }
  });
});

describe('signature verification', () => {
  const digest = orderDigest(PUBLIC_CHAIN_137_CONTRACTS, 2, false, VECTOR_V2);
  const sig = VECTOR_V2_SIGNATURE;

  it('a changed order recovers to some other address', () => {
    const other = { ...VECTOR_V2, makerAmount: VECTOR_V2.makerAmount + 1n };
    const signer = recoverOrderSigner(PUBLIC_CHAIN_137_CONTRACTS, 2, false, other, sig);
    expect(signer).not.toBeNull();
    expect(signer).not.toBe(VECTOR_ADDRESS);
    expect(recoverOrderSigner(PUBLIC_CHAIN_137_CONTRACTS, 2, true, VECTOR_V2, sig)).not.toBe(VECTOR_ADDRESS);
  });

  it('refuses v = 0/1 as the exchange contracts do (viem would accept it), and accepts upper-case hex', () => {
    expect(recoverDigestSigner(digest, `${sig.slice(0, 130)}00` as Hex)).toBeNull();
    expect(recoverDigestSigner(digest, `${sig.slice(0, 130)}01` as Hex)).toBeNull();
    expect(recoverDigestSigner(digest, `0x${sig.slice(2).toUpperCase()}`)).toBe(VECTOR_ADDRESS);
  });

  it('refuses malformed, high-s and impossible signatures with null', () => {
    const s = BigInt(`0x${sig.slice(66, 130)}`);
    const highS = `${sig.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}1c` as Hex;
    expect(recoverDigestSigner(digest, highS)).toBeNull();
    expect(recoverDigestSigner(digest, `${sig.slice(0, 130)}1d`)).toBeNull();
    expect(recoverDigestSigner(digest, sig.slice(0, 100))).toBeNull();
    expect(recoverDigestSigner(digest, `${sig}00`)).toBeNull();
    expect(recoverDigestSigner(digest, `0x${'0'.repeat(128)}1b`)).toBeNull();
    expect(recoverDigestSigner(digest, `0x${'z'.repeat(130)}`)).toBeNull();
    expect(recoverDigestSigner(digest, 42 as unknown as string)).toBeNull();
  });

  it('signOrderDigest output has the 65-byte r‖s‖v layout', () => {
    const out = signOrderDigest(digest, vectorKey);
    expect(out).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/);
    expect(out).toBe(sig);
  });
});
