/**
 * Strict decoders for the binary fields of the vault and keystore files. Node's Buffer decoders
 * silently skip invalid characters, which would turn a damaged field into different bytes instead
 * of an error; these return null so the caller can name the field that is wrong.
 */

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const HEX = /^(?:[0-9a-fA-F]{2})*$/;

export function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Returns the Buffer itself (a Uint8Array) so a caller can wipe it in place. */
export function base64ToBytes(text: string): Uint8Array | null {
  return BASE64.test(text) ? Buffer.from(text, 'base64') : null;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Hex without a prefix; `0x` is accepted only when asked for (user-typed keys carry it). */
export function hexToBytes(text: string, options: { allowPrefix?: boolean } = {}): Uint8Array | null {
  const body = options.allowPrefix && /^0x/i.test(text) ? text.slice(2) : text;
  return HEX.test(body) ? Buffer.from(body, 'hex') : null;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Throws on invalid UTF-8 instead of inserting U+FFFD, so damaged plaintext is noticed. */
export const fromUtf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8', { fatal: true }).decode(bytes);
