import { z } from 'zod';
import {
  DuplicateRecordError,
  HostileKdfParamsError,
  UnsupportedVaultFormatError,
  UnsupportedVaultVersionError,
  VaultCorruptError,
} from './errors';
import { base64ToBytes, bytesToBase64 } from './encoding';
import { findScryptParamProblem, VAULT_SCRYPT_LIMITS, type ScryptParams } from './kdf';
import { DATA_KEY_BYTES, NONCE_BYTES, TAG_BYTES, type Sealed } from './vaultCrypto';

/**
 * The vault file: one JSON document, parsed in stages so each failure gets its own error — size,
 * JSON syntax, format marker, version, shape (naming the field), KDF caps (naming the parameter),
 * binary field lengths, duplicate record ids. See docs/decisions/ for the spec.
 *
 * Version 2 adds `network` to the index entries of what a service issued (order-book credentials,
 * perps proxies): the network profile id they belong to. Signing keys have none (shared by all
 * networks). Version 1 files are still read: their issued records are the sandbox's, and the
 * first unlock re-seals them as version 2 (vaultMigration.ts). Only version 2 is ever written.
 */

export const VAULT_FORMAT = 'marketdesk-vault';
export const VAULT_VERSION = 2;
/** The versions this release reads; anything else is refused with a clear error. */
export const READABLE_VAULT_VERSIONS = [1, 2] as const;
export type VaultVersion = (typeof READABLE_VAULT_VERSIONS)[number];
/** The network a version-1 record was issued on: there was only the sandbox (SANDBOX_NETWORK_ID). */
export const V1_RECORDS_NETWORK = 'sandbox';
/** A planted multi-gigabyte file must not be read into memory; real vaults are a few KiB. */
export const MAX_VAULT_FILE_BYTES = 8 * 1024 * 1024;
export const MAX_RECORDS = 10_000;

export const RECORD_KINDS = ['signingKey', 'clobCredentials', 'perpsProxy'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
/** Kinds a service issued on one network; the others (signing keys) are shared by every network. */
export const NETWORK_SCOPED_KINDS: readonly RecordKind[] = ['clobCredentials', 'perpsProxy'];
export const isNetworkScoped = (kind: RecordKind): boolean => NETWORK_SCOPED_KINDS.includes(kind);
/** Same rule as a network profile id (src/shared/networkProfiles.ts), repeated so custody stays self-contained. */
export const NETWORK_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The clear part of a record, readable while locked (and authenticated once unlocked). */
export interface RecordIndexEntry {
  id: string;
  kind: RecordKind;
  accountId: string;
  createdAt: string;
  /** Non-secret, computed by the vault: an address, or a masked api-key suffix. */
  hint: string;
  /** The network the record was issued on: set for network-scoped kinds, absent for signing keys. */
  network?: string;
}

export interface StoredRecord extends RecordIndexEntry {
  sealed: Sealed;
}

export interface VaultState {
  /** The version the records are sealed and the index MAC computed under (1 until migrated). */
  version: VaultVersion;
  vaultId: string;
  createdAt: string;
  /** Incremented by every write; bound into the index MAC. */
  generation: number;
  passwordSlot: { kdf: ScryptParams; sealed: Sealed };
  osSlot: { keyRef: string; sealed: Sealed } | null;
  records: StoredRecord[];
  indexMac: Uint8Array;
}

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

const b64 = z.string().max(2 * MAX_VAULT_FILE_BYTES);
const sealedFields = { nonce: b64, wrappedKey: b64 };

const fileSchema = z.object({
  format: z.literal(VAULT_FORMAT),
  version: z.union([z.literal(1), z.literal(2)]),
  vaultId: z.string().regex(UUID_PATTERN),
  createdAt: z.string().regex(ISO_TIME),
  generation: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  slots: z.object({
    password: z.object({
      kdf: z.literal('scrypt'),
      kdfParams: z.object({ N: z.number(), r: z.number(), p: z.number(), dkLen: z.number(), salt: b64 }),
      ...sealedFields,
    }),
    os: z.object({ keyRef: z.string().regex(UUID_PATTERN), ...sealedFields }).optional(),
  }),
  records: z
    .array(
      z.object({
        id: z.string().regex(ID_PATTERN),
        kind: z.enum(RECORD_KINDS),
        accountId: z.string().regex(ID_PATTERN),
        createdAt: z.string().regex(ISO_TIME),
        hint: z.string().max(128),
        network: z.string().regex(NETWORK_ID_PATTERN).optional(),
        nonce: b64,
        ciphertext: b64,
      }),
    )
    .max(MAX_RECORDS),
  indexMac: b64,
});

type VaultFileJson = z.infer<typeof fileSchema>;

const corrupt = (what: string) => new VaultCorruptError(`The vault file is corrupted: ${what}.`);

const fieldPath = (path: ReadonlyArray<PropertyKey>) =>
  path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');

function decodeField(text: string, field: string, length?: { min: number; max: number }): Uint8Array {
  const bytes = base64ToBytes(text);
  if (!bytes) throw corrupt(`field ${field} is not valid base64`);
  if (length && (bytes.length < length.min || bytes.length > length.max)) {
    throw corrupt(`field ${field} has the wrong length`);
  }
  return bytes;
}

const exactly = (n: number) => ({ min: n, max: n });
const wrappedKeyLength = exactly(DATA_KEY_BYTES + TAG_BYTES);

export function parseVaultFile(bytes: Uint8Array): VaultState {
  if (bytes.length > MAX_VAULT_FILE_BYTES) throw corrupt(`it is larger than ${MAX_VAULT_FILE_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw corrupt('it is not valid JSON (truncated or damaged)');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw corrupt('it is not a JSON object');
  const head = json as { format?: unknown; version?: unknown };
  if (head.format !== VAULT_FORMAT) {
    throw new UnsupportedVaultFormatError(`This file is not a Marketdesk vault (its format marker is not "${VAULT_FORMAT}").`);
  }
  if (!READABLE_VAULT_VERSIONS.includes(head.version as VaultVersion)) {
    const shown = typeof head.version === 'number' && Number.isSafeInteger(head.version) ? String(head.version) : 'unknown';
    throw new UnsupportedVaultVersionError(
      `Unsupported vault version ${shown}: this release reads versions ${READABLE_VAULT_VERSIONS.join(' and ')}. A newer Marketdesk may have written it.`,
    );
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw corrupt(`field ${issue ? fieldPath(issue.path) || '(root)' : '(root)'} is missing or invalid`);
  }
  return toState(parsed.data);
}

/**
 * Version 1 had no networks: its issued records are the sandbox's (implied, authenticated by the
 * v1 index MAC until the first unlock re-seals them with the network bound in). Version 2 must say
 * it for exactly the network-scoped kinds.
 */
function networkOfRecord(version: VaultVersion, r: VaultFileJson['records'][number], i: number): string | undefined {
  if (version === 1) {
    if (r.network !== undefined) throw corrupt(`field records[${i}].network is not part of version 1`);
    return isNetworkScoped(r.kind) ? V1_RECORDS_NETWORK : undefined;
  }
  if (isNetworkScoped(r.kind) && r.network === undefined) throw corrupt(`field records[${i}].network is missing`);
  if (!isNetworkScoped(r.kind) && r.network !== undefined) throw corrupt(`field records[${i}].network is set on a ${r.kind}`);
  return r.network;
}

function toState(file: VaultFileJson): VaultState {
  const slot = file.slots.password;
  const kdf: ScryptParams = {
    N: slot.kdfParams.N,
    r: slot.kdfParams.r,
    p: slot.kdfParams.p,
    dkLen: slot.kdfParams.dkLen,
    salt: decodeField(slot.kdfParams.salt, 'slots.password.kdfParams.salt'),
  };
  const problem = findScryptParamProblem(kdf, VAULT_SCRYPT_LIMITS);
  if (problem) throw new HostileKdfParamsError(`The vault file's key-derivation parameters are refused: ${problem}.`);

  const seen = new Set<string>();
  const records = file.records.map((r, i): StoredRecord => {
    if (seen.has(r.id)) throw new DuplicateRecordError(`The vault file lists record id "${r.id}" more than once.`);
    seen.add(r.id);
    const network = networkOfRecord(file.version, r, i);
    return {
      id: r.id,
      kind: r.kind,
      accountId: r.accountId,
      createdAt: r.createdAt,
      hint: r.hint,
      ...(network !== undefined && { network }),
      sealed: {
        nonce: decodeField(r.nonce, `records[${i}].nonce`, exactly(NONCE_BYTES)),
        ciphertext: decodeField(r.ciphertext, `records[${i}].ciphertext`, { min: TAG_BYTES, max: MAX_VAULT_FILE_BYTES }),
      },
    };
  });
  const os = file.slots.os;
  return {
    version: file.version,
    vaultId: file.vaultId,
    createdAt: file.createdAt,
    generation: file.generation,
    passwordSlot: {
      kdf,
      sealed: {
        nonce: decodeField(slot.nonce, 'slots.password.nonce', exactly(NONCE_BYTES)),
        ciphertext: decodeField(slot.wrappedKey, 'slots.password.wrappedKey', wrappedKeyLength),
      },
    },
    osSlot: os
      ? {
          keyRef: os.keyRef,
          sealed: {
            nonce: decodeField(os.nonce, 'slots.os.nonce', exactly(NONCE_BYTES)),
            ciphertext: decodeField(os.wrappedKey, 'slots.os.wrappedKey', wrappedKeyLength),
          },
        }
      : null,
    records,
    indexMac: decodeField(file.indexMac, 'indexMac', exactly(32)),
  };
}

/** Only version 2 is written: a state still in version 1 must be migrated first (vaultMigration.ts). */
export function serializeVaultFile(state: VaultState): string {
  if (state.version !== VAULT_VERSION) throw new Error(`A version ${state.version} vault state cannot be written; migrate it first.`);
  const { kdf, sealed } = state.passwordSlot;
  const file: VaultFileJson = {
    format: VAULT_FORMAT,
    version: VAULT_VERSION,
    vaultId: state.vaultId,
    createdAt: state.createdAt,
    generation: state.generation,
    slots: {
      password: {
        kdf: 'scrypt',
        kdfParams: { N: kdf.N, r: kdf.r, p: kdf.p, dkLen: kdf.dkLen, salt: bytesToBase64(kdf.salt) },
        nonce: bytesToBase64(sealed.nonce),
        wrappedKey: bytesToBase64(sealed.ciphertext),
      },
      ...(state.osSlot && {
        os: {
          keyRef: state.osSlot.keyRef,
          nonce: bytesToBase64(state.osSlot.sealed.nonce),
          wrappedKey: bytesToBase64(state.osSlot.sealed.ciphertext),
        },
      }),
    },
    records: state.records.map((r) => ({
      id: r.id,
      kind: r.kind,
      accountId: r.accountId,
      createdAt: r.createdAt,
      hint: r.hint,
      ...(r.network !== undefined && { network: r.network }),
      nonce: bytesToBase64(r.sealed.nonce),
      ciphertext: bytesToBase64(r.sealed.ciphertext),
    })),
    indexMac: bytesToBase64(state.indexMac),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
