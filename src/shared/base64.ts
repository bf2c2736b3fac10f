/**
 * Base64 and base64url without Node's Buffer (src/shared runs in every process, including the
 * sandboxed renderer). Decoding accepts both alphabets, with or without padding, because
 * order-book secrets arrive in either form (wire-formats.md).
 */
const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Map<string, number>();
for (let i = 0; i < 64; i++) DECODE.set(STANDARD[i]!, i);
DECODE.set('-', 62);
DECODE.set('_', 63);

export function decodeBase64Any(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  if (clean.length % 4 === 1) throw new Error('base64 text has an impossible length');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of clean) {
    const digit = DECODE.get(char);
    if (digit === undefined) throw new Error('base64 text contains a character outside both alphabets');
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

export function encodeBase64(bytes: Uint8Array, { url = false, pad = true } = {}): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += STANDARD[(triple >> 18) & 63]! + STANDARD[(triple >> 12) & 63]!;
    out += b === undefined ? (pad ? '=' : '') : STANDARD[(triple >> 6) & 63]!;
    out += c === undefined ? (pad ? '=' : '') : STANDARD[triple & 63]!;
  }
  return url ? out.replace(/\+/g, '-').replace(/\//g, '_') : out;
}
