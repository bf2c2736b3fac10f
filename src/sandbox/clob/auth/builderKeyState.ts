/**
 * The builder API keys in the sandbox state file (section `clobBuilderKeys`, see
 * state/stateStore.ts), in creation order, revoked ones included:
 *   "clobBuilderKeys": { "version": 1,
 *     "keys": [ { "address": "0x…lower-case", "key": "<uuid>", "secret": "<base64url>", "passphrase": "<hex>",
 *                 "builderCode": "0x<64 hex>", "createdAtMs": 1780000000000, "revokedAtMs": null } ] }
 * `builderCode` is stored for readers of the file but must equal keccak256 of the key; a file
 * where it does not, or with another section version, is refused like any invalid section.
 * A file without the section (written before builder keys existed) starts with none.
 */
import type { StateSection } from '../../state/stateStore';
import { asArray, asObject, claimUnique, readCount, readString, StateFormatError } from '../../state/stateFields';
import { builderCodeOf, type BuilderKeyStore, type StoredBuilderKey } from './builderKeyStore';

export const CLOB_BUILDER_KEYS_SECTION = 'clobBuilderKeys';
export const BUILDER_KEYS_VERSION = 1;

const LOWER_ADDRESS = /^0x[0-9a-f]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BYTES32 = /^0x[0-9a-f]{64}$/;

export function decodeBuilderKeys(stored: unknown): StoredBuilderKey[] {
  const where = CLOB_BUILDER_KEYS_SECTION;
  const section = asObject(stored, where);
  if (section.version !== BUILDER_KEYS_VERSION) {
    throw new StateFormatError(`${where}.version must be ${BUILDER_KEYS_VERSION} (got ${JSON.stringify(section.version) ?? 'none'})`);
  }
  const seen = new Set<string>();
  return asArray(section.keys, `${where}.keys`).map((item, i) => {
    const at = `${where}.keys[${i}]`;
    const record = asObject(item, at);
    const key = readString(record, 'key', at, UUID);
    const builderCode = readString(record, 'builderCode', at, BYTES32);
    if (builderCode !== builderCodeOf(key)) throw new StateFormatError(`${at}.builderCode is not keccak256 of the key`);
    const createdAtMs = readCount(record, 'createdAtMs', at);
    const revokedAtMs = record.revokedAtMs === null ? null : readCount(record, 'revokedAtMs', at);
    claimUnique(seen, key, `${where}.keys`);
    return {
      address: readString(record, 'address', at, LOWER_ADDRESS), key,
      secret: readString(record, 'secret', at), passphrase: readString(record, 'passphrase', at),
      builderCode: builderCode as StoredBuilderKey['builderCode'], createdAtMs, revokedAtMs,
    };
  });
}

export function encodeBuilderKeys(store: BuilderKeyStore): unknown {
  return {
    version: BUILDER_KEYS_VERSION,
    keys: store.all().map((k) => ({
      address: k.address, key: k.key, secret: k.secret, passphrase: k.passphrase,
      builderCode: k.builderCode, createdAtMs: k.createdAtMs, revokedAtMs: k.revokedAtMs,
    })),
  };
}

export function builderKeySection(store: BuilderKeyStore): StateSection {
  return {
    key: CLOB_BUILDER_KEYS_SECTION,
    encode: () => encodeBuilderKeys(store),
    decode: (stored) => {
      const keys = decodeBuilderKeys(stored);
      return () => store.restore(keys);
    },
    watch: (changed) => {
      store.onChange = changed;
    },
  };
}
