/**
 * L2 request signatures of the order-book service (wire-formats.md): HMAC-SHA256 over
 * `timestamp + METHOD + path + body`, the path without host or query string, the body exactly
 * as sent; the secret arrives as base64 or base64url; the output is base64url with padding.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { decodeBase64Any, encodeBase64 } from '../base64';

export function l2Signature(secret: string, timestamp: string | number, method: string, requestPath: string, body?: string): string {
  const pathOnly = requestPath.split('?')[0] ?? '';
  // The method goes in as given (HTTP methods are upper case already); the reference
  // clients do not normalise it, and their `test-sign` vector depends on that.
  const message = `${timestamp}${method}${pathOnly}${body ?? ''}`;
  const key = decodeBase64Any(secret);
  return encodeBase64(hmac(sha256, key, new TextEncoder().encode(message)), { url: true, pad: true });
}
