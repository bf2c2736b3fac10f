/**
 * Stateless integer hashing for the synthetic history: row i of a wallet is a pure function of
 * (seed, wallet, i), so any row can be produced on demand without generating the ones before it.
 * Not cryptographic (it only has to look random and be the same on every run).
 */
export function mix(a: number, b: number): number {
  let z = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) + (b >>> 0)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/** FNV-1a of a string (wallet addresses, labels) into 32 bits. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const HEX_BYTE = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** `bytes` bytes of lower-case hex drawn from (key, salt); byte i is byte i % 4 of word i / 4. */
export function hexFrom(key: number, salt: number, bytes: number): string {
  let out = '';
  let h = mix(key, salt);
  for (let i = 0; i < bytes; i += 1) {
    if (i > 0 && (i & 3) === 0) h = mix(h, i >>> 2);
    out += HEX_BYTE[(h >>> ((i & 3) * 8)) & 255]!;
  }
  return out;
}
