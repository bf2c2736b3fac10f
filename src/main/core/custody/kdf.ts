import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { KdfFailedError } from './errors';
import { kdfGate, type WhenBusy } from './kdfGate';

/**
 * Key derivation with caps. KDF parameters are read from files an attacker may have planted
 * (a vault in the profile directory, a keystore the user was sent), and scrypt's cost is whatever
 * the file says: N=2^30 would allocate 128 GiB and never return. Every parameter is therefore
 * checked against explicit limits *before* any work starts, and the error names the parameter.
 */

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  dkLen: number;
  salt: Uint8Array;
}

export interface ScryptLimits {
  minN: number;
  maxN: number;
  maxR: number;
  maxP: number;
  /** Cap on the big scratch array, 128·N·r bytes. */
  maxMemoryBytes: number;
  /** Cap on total work N·r·p, which sets the running time independently of memory. */
  maxWork: number;
  minSaltBytes: number;
  maxSaltBytes: number;
  minDkLen: number;
  maxDkLen: number;
}

const MiB = 1024 * 1024;

/**
 * Vault limits. The defaults (N=2^17, r=8, p=1) sit well inside; the caps leave room for a later
 * release to raise the cost (N up to 2^20 with r=2, or p up to 4) while bounding a planted file at
 * 256 MiB of memory and 2^22 work, about four seconds on a slow two-core machine.
 */
export const VAULT_SCRYPT_LIMITS: ScryptLimits = {
  minN: 2 ** 10,
  maxN: 2 ** 20,
  maxR: 16,
  maxP: 4,
  maxMemoryBytes: 256 * MiB,
  maxWork: 2 ** 22,
  minSaltBytes: 16,
  maxSaltBytes: 64,
  minDkLen: 32,
  maxDkLen: 32,
};

/**
 * Keystore limits: wide enough for every common writer (geth standard n=2^18 r=8 p=1 is exactly
 * 256 MiB; the wiki vector n=2^18 r=1 p=8; geth light n=2^12 p=6; the tiny n=2 test vectors),
 * with the same memory cap and work cap as the vault.
 */
export const KEYSTORE_SCRYPT_LIMITS: ScryptLimits = {
  minN: 2,
  maxN: 2 ** 20,
  maxR: 16,
  maxP: 16,
  maxMemoryBytes: 256 * MiB,
  maxWork: 2 ** 22,
  minSaltBytes: 1,
  maxSaltBytes: 256,
  minDkLen: 32,
  maxDkLen: 64,
};

/** PBKDF2-HMAC-SHA256 iteration cap: 2^20 runs about four seconds here (geth's vector uses 2^18). */
export const KEYSTORE_MAX_PBKDF2_ITERATIONS = 2 ** 20;

const isPositiveInt = (value: number) => Number.isSafeInteger(value) && value > 0;
const isPowerOfTwo = (value: number) => isPositiveInt(value) && (value & (value - 1)) === 0;

/**
 * Returns a description of the first parameter that breaks the limits, or null when all are
 * acceptable. Callers wrap it in their own error class (vault vs keystore).
 */
export function findScryptParamProblem(params: ScryptParams, limits: ScryptLimits): string | null {
  const { N, r, p, dkLen, salt } = params;
  if (!isPowerOfTwo(N) || N < 2) return 'scrypt parameter N must be a power of two greater than 1';
  if (N < limits.minN) return `scrypt parameter N is below the minimum ${limits.minN}`;
  if (N > limits.maxN) return `scrypt parameter N exceeds the maximum ${limits.maxN}`;
  if (!isPositiveInt(r) || r > limits.maxR) return `scrypt parameter r must be an integer from 1 to ${limits.maxR}`;
  if (!isPositiveInt(p) || p > limits.maxP) return `scrypt parameter p must be an integer from 1 to ${limits.maxP}`;
  if (128 * N * r > limits.maxMemoryBytes) {
    return `scrypt memory 128·N·r exceeds the maximum ${limits.maxMemoryBytes / MiB} MiB`;
  }
  if (N * r * p > limits.maxWork) return `scrypt work N·r·p exceeds the maximum ${limits.maxWork}`;
  if (!isPositiveInt(dkLen) || dkLen < limits.minDkLen || dkLen > limits.maxDkLen) {
    return `scrypt parameter dkLen must be from ${limits.minDkLen} to ${limits.maxDkLen}`;
  }
  if (salt.length < limits.minSaltBytes || salt.length > limits.maxSaltBytes) {
    return `scrypt salt must be ${limits.minSaltBytes} to ${limits.maxSaltBytes} bytes`;
  }
  return null;
}

/**
 * scrypt on @noble/hashes. The async variant yields to the event loop every few milliseconds, so
 * the main process keeps answering IPC while a vault unlocks. Parameters must have been checked
 * with findScryptParamProblem; a library failure is rethrown without its message or cause.
 * Every derivation passes the process-wide gate (kdfGate.ts): `whenBusy` says whether this one
 * is refused (a password check) or queued (authorised work) while another runs.
 */
export async function deriveScrypt(password: Uint8Array, params: ScryptParams, whenBusy: WhenBusy): Promise<Uint8Array> {
  const { N, r, p, dkLen, salt } = params;
  return kdfGate.run(async () => {
    try {
      return await scryptAsync(password, salt, { N, r, p, dkLen, maxmem: 128 * r * (N + p + 1) });
    } catch {
      throw new KdfFailedError('Key derivation (scrypt) failed.');
    }
  }, whenBusy);
}

export async function derivePbkdf2Sha256(
  password: Uint8Array,
  salt: Uint8Array,
  iterations: number,
  dkLen: number,
  whenBusy: WhenBusy,
): Promise<Uint8Array> {
  return kdfGate.run(async () => {
    try {
      return await pbkdf2Async(sha256, password, salt, { c: iterations, dkLen });
    } catch {
      throw new KdfFailedError('Key derivation (PBKDF2) failed.');
    }
  }, whenBusy);
}
