/**
 * The order id and the signer of a signed order. The id is the EIP-712 hash of the order under
 * the sandbox's network profile (the exchange or neg-risk exchange as verifying contract, per
 * the market), so the id a client computes before sending is the id the sandbox answers.
 *
 * Both come from one digest computed by the signing code (src/signing/): the same hashing the
 * app's client signs with, and libsecp256k1's recovery (tiny-secp256k1), which is synchronous —
 * so the whole placement of an order runs without yielding. A signature that does not recover
 * (malformed, bad `v`, high `s`, off-curve) gives a null signer.
 */
import { bytesToHex, type Hex } from 'viem';
import { orderDigest } from '../../signing/orderHashing';
import type { ExchangeContracts, OrderStructV1, OrderStructV2 } from '../../shared/orders/orderSchema';
import { recoverDigestAddress } from '../../signing/orderSigning';
import type { ParsedOrder } from './orderPayload';

export interface OrderSignatureCheck {
  /** The order hash (lower-case hex). */
  id: Hex;
  /** The lower-case address that signed, or null. */
  signer: string | null;
}

export function checkOrderSignature(order: ParsedOrder, contracts: ExchangeContracts, negRisk: boolean): OrderSignatureCheck {
  const digest = order.version === 2
    ? orderDigest(contracts, 2, negRisk, order.message as OrderStructV2)
    : orderDigest(contracts, 1, negRisk, order.message as OrderStructV1);
  return { id: bytesToHex(digest), signer: recoverDigestAddress(digest, order.signature) };
}
