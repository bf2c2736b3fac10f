/**
 * The perps exchange's accounts in the sandbox state file (section `perpsAccounts`, see
 * state/stateStore.ts): ledger accounts, the accounts' invite codes and their remaining uses,
 * proxies (never their secrets, only the secrets' SHA-256) and spent salts.
 *   "perpsAccounts": {
 *     "accounts": [ { "address", "createdAtMs", "inviteCode"?, "parentCode"?, "childrenCount" } ],
 *     "referralCodes": [ { "code", "owner": "0x…lower-case", "left": 10 } ],
 *     "proxies": [ { "proxy", "owner", "expiryMs", "createdAtMs", "label"?, "code"?, "secretSha256" } ],
 *     "spentSalts": { "0x…lower-case owner": [1001, 1002] },
 *     "books": [ … ], "transfers": [ … ] }   (optional; perpsBookState.ts)
 * Referral codes carry "usedAtMs" (optional) for the 24 h rate. House referral codes belong to
 * the world (its seed) and are not saved.
 */
import type { StateSection } from '../state/stateStore';
import {
  asArray, asObject, claimUnique, readAddress, readCount, readOptionalString, readString, StateFormatError, type StoredObject,
} from '../state/stateFields';
import type { BookAccount } from './accountBook';
import type { PerpsAccount, ReferralCode } from './ledger';
import { decodeBooks, decodeTransfers, encodeBooks, encodeTransfers } from './perpsBookState';
import type { SettledTransfer } from './transferLedger';
import type { PerpsState } from './perpsState';
import type { SavedProxy } from './proxyStore';

export const PERPS_ACCOUNTS_SECTION = 'perpsAccounts';

const LOWER_ADDRESS = /^0x[0-9a-f]{40}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface PerpsAccountsSnapshot {
  accounts: PerpsAccount[];
  codes: ReferralCode[];
  proxies: SavedProxy[];
  salts: Record<string, number[]>;
  books: BookAccount[];
  transfers: SettledTransfer[];
}

const items = (section: StoredObject, key: string) => asArray(section[key], `${PERPS_ACCOUNTS_SECTION}.${key}`)
  .map((item, i) => ({ record: asObject(item, `${PERPS_ACCOUNTS_SECTION}.${key}[${i}]`), at: `${PERPS_ACCOUNTS_SECTION}.${key}[${i}]` }));

function decodeAccounts(section: StoredObject): PerpsAccount[] {
  const seen = new Set<string>();
  return items(section, 'accounts').map(({ record, at }) => {
    const account: PerpsAccount = {
      address: readAddress(record, 'address', at),
      createdAtMs: readCount(record, 'createdAtMs', at),
      childrenCount: readCount(record, 'childrenCount', at),
    };
    const inviteCode = readOptionalString(record, 'inviteCode', at);
    const parentCode = readOptionalString(record, 'parentCode', at);
    if (inviteCode !== undefined) account.inviteCode = inviteCode.toUpperCase();
    if (parentCode !== undefined) account.parentCode = parentCode.toUpperCase();
    claimUnique(seen, account.address.toLowerCase(), `${PERPS_ACCOUNTS_SECTION}.accounts`);
    return account;
  });
}

function decodeCodes(section: StoredObject): ReferralCode[] {
  const seen = new Set<string>();
  return items(section, 'referralCodes').map(({ record, at }) => {
    const left = record.left === null ? null : readCount(record, 'left', at);
    const code: ReferralCode = { code: readString(record, 'code', at).toUpperCase(), owner: readString(record, 'owner', at, LOWER_ADDRESS), left };
    if (record.usedAtMs !== undefined) {
      code.usedAtMs = asArray(record.usedAtMs, `${at}.usedAtMs`).map((t, i) => readCount({ t }, 't', `${at}.usedAtMs[${i}]`));
    }
    claimUnique(seen, code.code, `${PERPS_ACCOUNTS_SECTION}.referralCodes`);
    return code;
  });
}

function decodeProxies(section: StoredObject): SavedProxy[] {
  const seen = new Set<string>();
  return items(section, 'proxies').map(({ record, at }) => {
    const saved: SavedProxy = {
      key: {
        proxy: readAddress(record, 'proxy', at),
        owner: readAddress(record, 'owner', at),
        expiryMs: readCount(record, 'expiryMs', at),
        createdAtMs: readCount(record, 'createdAtMs', at),
      },
      secretSha256: readString(record, 'secretSha256', at, SHA256_HEX),
    };
    const label = readOptionalString(record, 'label', at);
    const code = readOptionalString(record, 'code', at);
    if (label !== undefined) saved.key.label = label;
    if (code !== undefined) saved.key.code = code;
    claimUnique(seen, saved.key.proxy.toLowerCase(), `${PERPS_ACCOUNTS_SECTION}.proxies`);
    return saved;
  });
}

function decodeSalts(section: StoredObject): Record<string, number[]> {
  const where = `${PERPS_ACCOUNTS_SECTION}.spentSalts`;
  const owners = asObject(section.spentSalts, where);
  return Object.fromEntries(Object.entries(owners).map(([owner, list]) => {
    if (!LOWER_ADDRESS.test(owner)) throw new StateFormatError(`${where} has a key that is not a lower-case address: ${owner}`);
    const salts = asArray(list, `${where}.${owner}`).map((salt, i) => readCount({ salt }, 'salt', `${where}.${owner}[${i}]`));
    return [owner, salts];
  }));
}

/** Every record checked, and the references between them: invite codes ↔ accounts, proxies → accounts. */
export function decodePerpsAccounts(stored: unknown): PerpsAccountsSnapshot {
  const section = asObject(stored, PERPS_ACCOUNTS_SECTION);
  const snapshot = {
    accounts: decodeAccounts(section), codes: decodeCodes(section), proxies: decodeProxies(section), salts: decodeSalts(section),
    books: decodeBooks(section, PERPS_ACCOUNTS_SECTION), transfers: decodeTransfers(section, PERPS_ACCOUNTS_SECTION),
  };
  const owners = new Set(snapshot.accounts.map((a) => a.address.toLowerCase()));
  const codeOwner = new Map(snapshot.codes.map((c) => [c.code, c.owner]));
  for (const account of snapshot.accounts) {
    if (account.inviteCode !== undefined && codeOwner.get(account.inviteCode) !== account.address.toLowerCase()) {
      throw new StateFormatError(`${PERPS_ACCOUNTS_SECTION}: invite code ${account.inviteCode} of ${account.address} is not among its referral codes`);
    }
  }
  for (const code of snapshot.codes) {
    if (code.owner === null || !owners.has(code.owner)) throw new StateFormatError(`${PERPS_ACCOUNTS_SECTION}: referral code ${code.code} has no account`);
  }
  for (const { key } of snapshot.proxies) {
    if (!owners.has(key.owner.toLowerCase())) throw new StateFormatError(`${PERPS_ACCOUNTS_SECTION}: proxy ${key.proxy} has no account`);
  }
  return snapshot;
}

export function perpsAccountsSection(state: Pick<PerpsState, 'ledger' | 'proxies' | 'salts' | 'book' | 'transfers'>): StateSection {
  const { ledger, proxies, salts, book, transfers } = state;
  return {
    key: PERPS_ACCOUNTS_SECTION,
    encode: () => {
      const { accounts, codes } = ledger.snapshot();
      return {
        accounts,
        referralCodes: codes,
        proxies: proxies.snapshot().map(({ key, secretSha256 }) => ({ ...key, secretSha256 })),
        spentSalts: salts.snapshot(),
        books: encodeBooks(book.all()),
        transfers: encodeTransfers(transfers.snapshot()),
      };
    },
    decode: (stored) => {
      const snapshot = decodePerpsAccounts(stored);
      return () => {
        ledger.restore(snapshot.accounts, snapshot.codes);
        proxies.restore(snapshot.proxies);
        salts.restore(snapshot.salts);
        book.restore(snapshot.books);
        transfers.restore(snapshot.transfers);
      };
    },
    watch: (changed) => {
      ledger.onChange = changed;
      proxies.onChange = changed;
      salts.onChange = changed;
      book.onChange = changed;
      transfers.onChange = changed;
    },
  };
}
