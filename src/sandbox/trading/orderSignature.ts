/**
 * The order id and the signer of a signed order. The id is the EIP-712 hash of the order under
 * the sandbox's network profile (the exchange or neg-risk exchange as verifying contract, per
 * the market), so the id a client computes before sending is the id the sandbox answers.
 *
 * Both come from one digest computed by the signing code (src/signing/): the same hashing the
 * app's client signs with, and libsecp256k1's recovery (tiny-secp256k1), run on the sandbox's
 * recovery thread; the route then places the order synchronously. A signature that does not recover
 * (malformed, bad `v`, high `s`, off-curve) gives a null signer.
 */
import { bytesToHex, type Hex } from 'viem';
import { orderDigest } from '../../signing/orderHashing';
import type { ExchangeContracts, OrderStructV1, OrderStructV2 } from '../../shared/orders/orderSchema';
import type { ParsedOrder } from './orderPayload';
import type { RecoveryThread } from './recoveryThread';

export interface OrderSignatureCheck {
  /** The order hash (lower-case hex). */
  id: Hex;
  /** The lower-case address that signed, or null. */
  signer: string | null;
}

function digestOf(order: ParsedOrder, contracts: ExchangeContracts, negRisk: boolean): Uint8Array {
  return order.version === 2
    ? orderDigest(contracts, 2, negRisk, order.message as OrderStructV2)
    : orderDigest(contracts, 1, negRisk, order.message as OrderStructV1);
}

/** The recovery runs on the sandbox's recovery thread (see recoveryThread.ts). */
export async function checkOrderSignature(
  order: ParsedOrder,
  contracts: ExchangeContracts,
  negRisk: boolean,
  thread: RecoveryThread,
): Promise<OrderSignatureCheck> {
  const digest = digestOf(order, contracts, negRisk);
  return { id: bytesToHex(digest), signer: await thread.recoverAddress(digest, order.signature) };
}
