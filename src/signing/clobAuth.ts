/**
 * L1 authentication of the order-book service: an EIP-712 `ClobAuth` signature proving control
 * of the wallet (wire-formats.md). Shared by the client, which signs, and the sandbox, which
 * verifies, so both use the same layout.
 */
import { hashTypedData, hexToBytes, type Hex } from 'viem';
import { recoverDigestSigner } from './orderSigning';

export const CLOB_AUTH_MESSAGE = 'This message attests that I control the given wallet';

export const clobAuthTypes = {
  ClobAuth: [
    { name: 'address', type: 'address' },
    { name: 'timestamp', type: 'string' },
    { name: 'nonce', type: 'uint256' },
    { name: 'message', type: 'string' },
  ],
} as const;

export interface ClobAuthFields {
  address: Hex;
  /** Unix seconds as a decimal string. */
  timestamp: string;
  nonce: bigint;
}

export function clobAuthTypedData(chainId: number, fields: ClobAuthFields) {
  return {
    domain: { name: 'ClobAuthDomain', version: '1', chainId },
    types: clobAuthTypes,
    primaryType: 'ClobAuth' as const,
    message: { ...fields, message: CLOB_AUTH_MESSAGE },
  };
}

/**
 * The signer of a ClobAuth signature, by the same rules as orders (v 27/28, low s: see
 * parseRecoverableSignature), not viem's more lenient ones. Throws when there is none.
 */
export async function recoverClobAuthSigner(chainId: number, fields: ClobAuthFields, signature: Hex): Promise<Hex> {
  const signer = recoverDigestSigner(hexToBytes(hashTypedData(clobAuthTypedData(chainId, fields))), signature);
  if (!signer) throw new Error('The ClobAuth signature is malformed, has a high s or a v other than 27 or 28, or recovers no key.');
  return signer;
}
