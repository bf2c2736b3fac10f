/**
 * Differential test of the whole signing path (issue 7, §1): 10,000 seeded random orders —
 * both schema versions, every signature type (EOA 0, proxy 1, safe 2, and deposit wallet 3,
 * which exists in v2 only), neg-risk and not, random exchange profiles, random keys (a quarter with 1–3 leading zero bytes), random
 * amounts, token ids, salts and timestamps — signed by Marketdesk (our EIP-712 encoding,
 * hash-wasm keccak, libsecp256k1) and by viem's `signTypedData` (its own typed-data walk,
 * @noble/curves) must give the same 65 bytes, and the signature must recover to the key's
 * address through Marketdesk's recovery and through viem's `recoverTypedDataAddress`.
 *
 * viem is the slow side (its recovery is most of the run time), so the 10,000 are two files of
 * 5,000 (v2 and v1) that vitest runs side by side; DIFFERENTIAL_ORDERS lowers the per-file count
 * for a quick local run, but CI runs the full count.
 */
import { expect } from 'vitest';
import { recoverTypedDataAddress, toHex, type Hex } from 'viem';
import { privateKeyToAddress, signTypedData } from 'viem/accounts';
import { orderDomain, orderTypesV1, orderTypesV2, type OrderStructV1, type OrderStructV2 } from '../../../src/shared/orders/orderSchema';
import { addressOfPrivateKey, recoverOrderSigner, signOrder } from '../../../src/signing/orderSigning';
import { randomContracts, randomStructV1, randomStructV2, seeded } from './fixtures';

/** Orders per file (two files: 10,000 in all). */
export const DIFFERENTIAL_ORDERS = Number(process.env.DIFFERENTIAL_ORDERS ?? 5_000);
/** Each random key signs this many consecutive orders (viem's key-to-address is slow too). */
const ORDERS_PER_KEY = 4;

type ViemTypedData = Parameters<typeof recoverTypedDataAddress>[0];

/** Signs `count` random orders of one schema version both ways and checks they agree. */
export async function runDifferential(version: 1 | 2, count: number, seed: number): Promise<void> {
  const r = seeded(seed);
  const mismatches: string[] = [];
  const covered = new Map<string, number>();
  let key = new Uint8Array(32);
  let address: Hex = '0x';
  let leadingZeros = 0;
  const started = performance.now();

  for (let i = 0; i < count; i++) {
    if (i % ORDERS_PER_KEY === 0) {
      key = r.privateKey();
      // A quarter of the keys start with 1–3 zero bytes (short keys are where encoders slip).
      leadingZeros = r.int(4) === 0 ? 1 + r.int(3) : 0;
      key.fill(0, 0, leadingZeros);
      if (key.every((b) => b === 0)) key[31] = 1;
      address = privateKeyToAddress(toHex(key));
      if (addressOfPrivateKey(key) !== address) mismatches.push(`#${i}: address of key ${toHex(key)}`);
    }
    // v1 has no deposit wallet (type 3): buildSignedOrder refuses it there.
    const signatureType = (i % (version === 2 ? 4 : 3)) as 0 | 1 | 2 | 3;
    const negRisk = r.int(2) === 1;
    const contracts = randomContracts(r);
    const struct: OrderStructV1 | OrderStructV2 =
      version === 2
        ? { ...randomStructV2(r, address), signatureType }
        : { ...randomStructV1(r, address), signatureType: signatureType as 0 | 1 | 2 };
    const typed = {
      domain: orderDomain(contracts, version, negRisk),
      types: version === 2 ? orderTypesV2 : orderTypesV1,
      primaryType: 'Order',
      message: struct,
    } as unknown as ViemTypedData;

    const ours = signOrder(contracts, version, negRisk, struct, key);
    const theirs = await signTypedData({ ...typed, privateKey: toHex(key) } as Parameters<typeof signTypedData>[0]);
    if (ours.signature !== theirs) mismatches.push(`#${i}: signature ${ours.signature} ≠ viem ${theirs}`);
    const recoveredOurs = recoverOrderSigner(contracts, version, negRisk, struct, ours.signature);
    if (recoveredOurs !== address) mismatches.push(`#${i}: Marketdesk recovered ${recoveredOurs}, expected ${address}`);
    const recoveredViem = await recoverTypedDataAddress({ ...typed, signature: ours.signature });
    if (recoveredViem !== address) mismatches.push(`#${i}: viem recovered ${recoveredViem}, expected ${address}`);

    const cell = `type ${signatureType} ${negRisk ? 'neg-risk' : 'plain'} ${leadingZeros ? 'short key' : 'full key'}`;
    covered.set(cell, (covered.get(cell) ?? 0) + 1);
  }

  const seconds = (performance.now() - started) / 1000;
  console.info(`differential v${version}: ${count} orders in ${seconds.toFixed(1)} s, ${mismatches.length} mismatches`);
  expect(mismatches.slice(0, 10)).toEqual([]);
  // Every signature type (4 in v2, 3 in v1) × neg-risk × key shape was exercised.
  expect(covered.size).toBe((version === 2 ? 4 : 3) * 2 * 2);
  if (count >= 5_000) expect(Math.min(...covered.values())).toBeGreaterThan(100);
}
