/**
 * L1 authentication of the order-book service: an EIP-712 `ClobAuth` signature proving control
 * of the wallet (wire-formats.md). Shared by the client, which signs, and the sandbox, which
 * verifies, so both use the same layout.
 */
import { recoverTypedDataAddress, type Hex } from 'viem';

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

export async function recoverClobAuthSigner(chainId: number, fields: ClobAuthFields, signature: Hex): Promise<Hex> {
  return recoverTypedDataAddress({ ...clobAuthTypedData(chainId, fields), signature });
}
