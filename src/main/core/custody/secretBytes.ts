/**
 * Secret material is held in Uint8Arrays, not strings, because only a byte array can be
 * overwritten: a JS string lives until the garbage collector frees it and may be copied by the
 * engine. Wiping is best effort (the runtime may have made copies), but it shortens the window
 * in which a heap dump or swap file holds a key.
 */

/** Overwrite every given array with zeros. Accepts null/undefined so `finally` blocks stay simple. */
export function wipe(...arrays: Array<Uint8Array | null | undefined>): void {
  for (const array of arrays) array?.fill(0);
}

/** Run `use` with a secret and wipe the secret afterwards, whether `use` succeeds or throws. */
export async function useThenWipe<T>(secret: Uint8Array, use: (secret: Uint8Array) => Promise<T> | T): Promise<T> {
  try {
    return await use(secret);
  } finally {
    wipe(secret);
  }
}

/** Compare two byte arrays without an early exit, so timing does not reveal the matching prefix. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export const MASK = '••••';

/**
 * What the renderer may see of a credential: the last 4 characters (`••••abcd`). A value of 8
 * characters or fewer is shown as the mask alone, since 4 characters would be half of it.
 */
export function maskSecret(value: string, visible = 4): string {
  const chars = Array.from(value); // by code point, so a surrogate pair is never split
  if (chars.length <= visible * 2) return MASK;
  return MASK + chars.slice(-visible).join('');
}

export function randomSecretBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}
