import { z } from 'zod';
import { isAddress, toChecksumAddress, type Address } from './address';
import { bytesToHex, fromUtf8, hexToBytes, utf8 } from './encoding';
import { InvalidRecordError, VaultCorruptError } from './errors';
import { assertValidPrivateKey, PRIVATE_KEY_BYTES } from './privateKey';
import { maskSecret, wipe } from './secretBytes';
import type { RecordKind } from './vaultFormat';

/**
 * What each record kind holds inside its ciphertext, and the non-secret hint shown in the clear
 * index. The hint is computed here, never supplied by a caller, so no code path can put a secret
 * into the part of the file that is readable while locked.
 *
 * signingKey: the raw 32 bytes (no JSON, so nothing but the key exists to be wiped).
 * clobCredentials / perpsProxy: UTF-8 JSON, with `origin`: where the service that issued them
 * lives (an origin, or the embedded sandbox; null when it could not be recorded). Inside the
 * ciphertext, so it is authenticated with the secret it binds and cannot be edited apart from it.
 * Records written before origins were recorded have none; the accounts layer binds them at the
 * first unlock after upgrading (Vault.bindRecordOrigins). Releases that predate `origin` ignore it.
 */

export interface ClobCredentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

export interface PerpsProxySecret {
  proxyAddress: Address;
  /** The proxy's own signing key, when the app generated it; 32 bytes, wiped by the caller. */
  proxyPrivateKey?: Uint8Array;
  secret: string;
}

/** Where an issued record's service lives; undefined: written before origins were recorded. */
export type IssuedOrigin = string | null | undefined;

export type RecordPayload =
  | { kind: 'signingKey'; privateKey: Uint8Array }
  | { kind: 'clobCredentials'; credentials: ClobCredentials; origin?: IssuedOrigin }
  | { kind: 'perpsProxy'; proxy: PerpsProxySecret; origin?: IssuedOrigin };

export const MAX_ORIGIN_LENGTH = 300;
const text = (max: number) => z.string().min(1).max(max);
const originSchema = z.string().min(1).max(MAX_ORIGIN_LENGTH).nullable().optional();
const clobSchema = z.object({ apiKey: text(256), secret: text(1024), passphrase: text(1024), origin: originSchema });
const proxySchema = z.object({
  proxyAddress: z.string(),
  proxyPrivateKey: z.string().optional(),
  secret: text(1024),
  origin: originSchema,
});

/** The origin's JSON member: left out when unknown, so a record keeps saying it was never bound. */
const originField = (origin: IssuedOrigin) => (origin === undefined ? {} : { origin });

const invalid = (kind: RecordKind, field: string) =>
  new InvalidRecordError(`Invalid ${kind} record: field ${field} is missing or invalid.`);

function firstField(error: z.ZodError): string {
  return error.issues[0]?.path.map(String).join('.') || '(root)';
}

function checkedAddress(kind: RecordKind, value: string): Address {
  if (!isAddress(value)) throw invalid(kind, 'proxyAddress');
  return toChecksumAddress(value);
}

export async function encodePayload(payload: RecordPayload): Promise<{ plaintext: Uint8Array; hint: string }> {
  switch (payload.kind) {
    case 'signingKey': {
      assertValidPrivateKey(payload.privateKey);
      // Loaded here, not at the top: viem/accounts is only needed once a signing key is stored.
      const { addressOfPrivateKey } = await import('./keyAddress');
      const hint = addressOfPrivateKey(payload.privateKey);
      return { plaintext: Uint8Array.from(payload.privateKey), hint };
    }
    case 'clobCredentials': {
      const { apiKey, secret, passphrase } = payload.credentials;
      const parsed = clobSchema.safeParse({ apiKey, secret, passphrase, ...originField(payload.origin) });
      if (!parsed.success) throw invalid('clobCredentials', firstField(parsed.error));
      return { plaintext: utf8(JSON.stringify(parsed.data)), hint: maskSecret(parsed.data.apiKey) };
    }
    case 'perpsProxy': {
      const { proxyAddress, proxyPrivateKey, secret } = payload.proxy;
      const parsed = proxySchema.safeParse({ proxyAddress, secret, ...originField(payload.origin) });
      if (!parsed.success) throw invalid('perpsProxy', firstField(parsed.error));
      const address = checkedAddress('perpsProxy', proxyAddress);
      if (proxyPrivateKey !== undefined) assertValidPrivateKey(proxyPrivateKey);
      const body = { proxyAddress: address, secret, ...(proxyPrivateKey && { proxyPrivateKey: bytesToHex(proxyPrivateKey) }), ...originField(payload.origin) };
      return { plaintext: utf8(JSON.stringify(body)), hint: address };
    }
  }
}

/**
 * Decodes a decrypted payload. Reaching a failure here means the ciphertext authenticated but
 * its content is wrong, which only a bug or a stolen data key can cause: reported as corruption.
 * The plaintext is wiped; a signingKey is returned as a copy the caller owns.
 */
export function decodePayload(kind: RecordKind, recordId: string, plaintext: Uint8Array): RecordPayload {
  const corrupt = () => new VaultCorruptError(`The vault record "${recordId}" decrypted but its content is not a valid ${kind}.`);
  try {
    if (kind === 'signingKey') {
      if (plaintext.length !== PRIVATE_KEY_BYTES) throw corrupt();
      return { kind, privateKey: Uint8Array.from(plaintext) };
    }
    let json: unknown;
    try {
      json = JSON.parse(fromUtf8(plaintext));
    } catch {
      throw corrupt();
    }
    if (kind === 'clobCredentials') {
      const parsed = clobSchema.safeParse(json);
      if (!parsed.success) throw corrupt();
      const { apiKey, secret, passphrase, origin } = parsed.data;
      return { kind, credentials: { apiKey, secret, passphrase }, ...originField(origin) };
    }
    const parsed = proxySchema.safeParse(json);
    if (!parsed.success || !isAddress(parsed.data.proxyAddress)) throw corrupt();
    const proxy: PerpsProxySecret = { proxyAddress: toChecksumAddress(parsed.data.proxyAddress), secret: parsed.data.secret };
    if (parsed.data.proxyPrivateKey !== undefined) {
      const key = hexToBytes(parsed.data.proxyPrivateKey);
      if (!key || key.length !== PRIVATE_KEY_BYTES) throw corrupt();
      proxy.proxyPrivateKey = key;
    }
    return { kind, proxy, ...originField(parsed.data.origin) };
  } finally {
    wipe(plaintext);
  }
}
