/**
 * Request headers of the order-book service's two authentication levels (wire-formats.md),
 * with the `SVC_` prefix: L1 proves control of the wallet with an EIP-712 ClobAuth signature,
 * L2 signs each request with the HMAC secret of the API credentials.
 */
import type { KeyObject } from 'node:crypto';
import type { LocalAccount } from 'viem';
import { clobAuthTypedData } from '../../../signing/clobAuth';
import { l2Signature } from '../../../signing/l2Hmac';

/** What an L2 signature needs: the secret decoded once into a KeyObject (see l2SecretKey). */
export interface L2Credentials {
  apiKey: string;
  passphrase: string;
  secret: KeyObject;
}

export const unixSeconds = (now: number = Date.now()): string => String(Math.floor(now / 1000));

export async function l1Headers(
  signer: LocalAccount,
  chainId: number,
  nonce: number,
  timestamp: string = unixSeconds(),
): Promise<Record<string, string>> {
  const signature = await signer.signTypedData(
    clobAuthTypedData(chainId, { address: signer.address, timestamp, nonce: BigInt(nonce) }),
  );
  return {
    SVC_ADDRESS: signer.address,
    SVC_SIGNATURE: signature,
    SVC_TIMESTAMP: timestamp,
    SVC_NONCE: String(nonce),
  };
}

export function l2Headers(
  credentials: L2Credentials,
  signerAddress: string,
  method: string,
  requestPath: string,
  bodyText: string | undefined,
  timestamp: string = unixSeconds(),
): Record<string, string> {
  return {
    SVC_ADDRESS: signerAddress,
    SVC_SIGNATURE: l2Signature(credentials.secret, timestamp, method, requestPath, bodyText),
    SVC_TIMESTAMP: timestamp,
    SVC_API_KEY: credentials.apiKey,
    SVC_PASSPHRASE: credentials.passphrase,
  };
}
