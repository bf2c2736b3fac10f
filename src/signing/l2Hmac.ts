/**
 * L2 request signatures of the order-book service (wire-formats.md): HMAC-SHA256 over
 * `timestamp + METHOD + path + body`, the path without host or query string, the body exactly
 * as sent; the secret arrives as base64 or base64url; the output is base64url with padding.
 *
 * The MAC is node:crypto's (OpenSSL/BoringSSL); what is ours is the message layout and the
 * base64 encodings. Callers that sign many requests under one secret decode it once with
 * `l2SecretKey` and pass the KeyObject (its bytes live inside node:crypto, not on the JS heap).
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { decodeBase64Any } from '../shared/base64';

/** The API secret (base64 or base64url) as a KeyObject; the decoded bytes are wiped after the copy. */
export function l2SecretKey(secret: string): KeyObject {
  const bytes = decodeBase64Any(secret);
  try {
    return createSecretKey(bytes);
  } finally {
    bytes.fill(0);
  }
}

export function l2Signature(
  secret: string | KeyObject,
  timestamp: string | number,
  method: string,
  requestPath: string,
  body?: string,
): string {
  const pathOnly = requestPath.split('?')[0] ?? '';
  // The method goes in as given (HTTP methods are upper case already); the reference
  // clients do not normalise it, and their `test-sign` vector depends on that.
  const message = `${timestamp}${method}${pathOnly}${body ?? ''}`;
  const key = typeof secret === 'string' ? l2SecretKey(secret) : secret;
  // base64url keeps its padding on this wire, which Node's 'base64url' drops: translate instead.
  return createHmac('sha256', key).update(message, 'utf8').digest('base64').replace(/\+/g, '-').replace(/\//g, '_');
}
