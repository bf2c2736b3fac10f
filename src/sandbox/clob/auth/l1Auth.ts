/**
 * L1 verification (wire-formats.md, "L1"): the `ClobAuth` EIP-712 signature in `SVC_SIGNATURE`
 * must recover to `SVC_ADDRESS` (case-insensitive) on the sandbox's chain id, over the exact
 * `SVC_TIMESTAMP` string and `SVC_NONCE` (default 0); the timestamp must be within five minutes
 * of server time. Every failure is the same 401 `Invalid L1 Request headers`, so a caller
 * learns nothing about which check failed.
 */
import { getAddress, isAddress, type Hex } from 'viem';
import { recoverClobAuthSigner } from '../../../signing/clobAuth';
import { headerOf, type HeaderSource } from '../../http/headers';
import { CLOB_MESSAGES, clobError } from '../clobErrors';
import type { AuthCheck } from '../../http/authCheck';
import { isFresh, parseUnixSeconds } from './authTime';

export interface L1Identity {
  /** The signer, checksummed. */
  address: Hex;
  nonce: bigint;
}

const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const NONCE = /^\d{1,78}$/;
const MAX_UINT256 = (1n << 256n) - 1n;

export const invalidL1 = () => clobError(401, CLOB_MESSAGES.invalidL1Headers);

function parseNonce(text: string | undefined): bigint | null {
  if (text === undefined || text === '') return 0n;
  if (!NONCE.test(text)) return null;
  const nonce = BigInt(text);
  return nonce <= MAX_UINT256 ? nonce : null;
}

export async function verifyL1(ctx: HeaderSource, chainId: number, nowMs: number): Promise<AuthCheck<L1Identity>> {
  const refuse = { ok: false, reply: invalidL1() } as const;
  const addressText = headerOf(ctx, 'SVC_ADDRESS');
  const signature = headerOf(ctx, 'SVC_SIGNATURE');
  const timestamp = headerOf(ctx, 'SVC_TIMESTAMP');
  const nonce = parseNonce(headerOf(ctx, 'SVC_NONCE'));
  const seconds = parseUnixSeconds(timestamp);
  if (addressText === undefined || !isAddress(addressText, { strict: false })) return refuse;
  if (signature === undefined || !SIGNATURE.test(signature) || nonce === null || seconds === null) return refuse;
  if (!isFresh(seconds, nowMs)) return refuse;
  const address = getAddress(addressText.toLowerCase());
  try {
    const signer = await recoverClobAuthSigner(chainId, { address, timestamp: timestamp as string, nonce }, signature as Hex);
    return signer.toLowerCase() === address.toLowerCase() ? { ok: true, identity: { address, nonce } } : refuse;
  } catch {
    return refuse;
  }
}
