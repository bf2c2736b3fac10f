/**
 * Opaque, signed cursors. The payload is JSON, base64url-encoded, followed by an HMAC-SHA256 tag
 * (node:crypto) under a key drawn per process unless the sandbox was given one; any change to a
 * cursor, or a cursor issued by another route, is a 400 `cursor` error.
 */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { invalid } from './errors';

export type CursorPayload = Record<string, string | number>;

export class CursorCodec {
  private key: Buffer;
  /** The key as a KeyObject, made once: building it per HMAC was a visible cost per page. */
  private keyObject: KeyObject;

  constructor(key?: Uint8Array) {
    this.key = key ? Buffer.from(key) : randomBytes(32);
    this.keyObject = createSecretKey(this.key);
  }

  /** The signing key, for the state file (cursors then survive a sandbox restart). */
  exportKey(): string {
    return this.key.toString('base64url');
  }

  /** Installs a key kept by a previous run. */
  importKey(key: Uint8Array): void {
    this.key = Buffer.from(key);
    this.keyObject = createSecretKey(this.key);
  }

  encode(route: string, payload: CursorPayload): string {
    const body = Buffer.from(JSON.stringify({ r: route, ...payload })).toString('base64url');
    return `${body}.${this.tag(body)}`;
  }

  /** The payload of a cursor this process issued for `route`; a 400 for anything else. */
  decode(route: string, cursor: string): CursorPayload {
    const bad = (why: string) => invalid('cursor', `malformed cursor: ${why}`);
    const dot = cursor.indexOf('.');
    if (dot <= 0 || cursor.length > 2_048) throw bad('not a cursor this service issued');
    const body = cursor.slice(0, dot);
    const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.tag(body), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad('signature does not match (altered or from another server)');
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
    if (parsed.r !== route) throw bad(`issued for ${String(parsed.r)}, not ${route}`);
    return parsed;
  }

  private tag(body: string): string {
    return createHmac('sha256', this.keyObject).update(body).digest('base64url');
  }
}

/** Reads a numeric field of a verified payload (the signature already vouches for the shape). */
export const num = (payload: CursorPayload, key: string): number => Number(payload[key]);
export const str = (payload: CursorPayload, key: string): string => String(payload[key] ?? '');
