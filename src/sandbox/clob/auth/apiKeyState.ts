/**
 * The order-book API keys in the sandbox state file (section `clobAuth`, see
 * state/stateStore.ts): every key with its owner, nonce, secret and passphrase, in creation
 * order, so old credentials keep working and a used nonce stays used after a restart.
 *   "clobAuth": { "apiKeys": [ { "address": "0x…lower-case", "nonce": "0",
 *                                "apiKey": "<uuid>", "secret": "<base64url>", "passphrase": "<hex>" } ] }
 * The nonce is a decimal string (it is a uint256).
 */
import type { StateSection } from '../../state/stateStore';
import { asArray, asObject, claimUnique, readString, StateFormatError } from '../../state/stateFields';
import type { ApiKeyStore, StoredApiKey } from './apiKeyStore';

export const CLOB_AUTH_SECTION = 'clobAuth';

const LOWER_ADDRESS = /^0x[0-9a-f]{40}$/;
const NONCE = /^(0|[1-9]\d{0,77})$/;
const MAX_UINT256 = (1n << 256n) - 1n;

export function decodeApiKeys(stored: unknown): StoredApiKey[] {
  const where = CLOB_AUTH_SECTION;
  const list = asArray(asObject(stored, where).apiKeys, `${where}.apiKeys`);
  const keys = new Set<string>();
  const slots = new Set<string>();
  return list.map((item, i) => {
    const at = `${where}.apiKeys[${i}]`;
    const record = asObject(item, at);
    const address = readString(record, 'address', at, LOWER_ADDRESS);
    const nonce = BigInt(readString(record, 'nonce', at, NONCE));
    if (nonce > MAX_UINT256) throw new StateFormatError(`${at}.nonce exceeds uint256`);
    const key: StoredApiKey = {
      address, nonce,
      apiKey: readString(record, 'apiKey', at),
      secret: readString(record, 'secret', at),
      passphrase: readString(record, 'passphrase', at),
    };
    claimUnique(keys, key.apiKey, `${where}.apiKeys`);
    claimUnique(slots, `${address}#${nonce}`, `${where}.apiKeys`);
    return key;
  });
}

export function apiKeySection(store: ApiKeyStore): StateSection {
  return {
    key: CLOB_AUTH_SECTION,
    encode: () => ({
      apiKeys: store.all().map((k) => ({ address: k.address, nonce: k.nonce.toString(), apiKey: k.apiKey, secret: k.secret, passphrase: k.passphrase })),
    }),
    decode: (stored) => {
      const keys = decodeApiKeys(stored);
      return () => store.restore(keys);
    },
    watch: (changed) => {
      store.onChange = changed;
    },
  };
}
