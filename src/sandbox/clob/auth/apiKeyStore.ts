/**
 * The order-book API credentials of one sandbox run, in memory. One key per (address, nonce):
 * creating a second one for a used nonce fails (the client then derives it), and deleting a key
 * frees its nonce. Addresses are stored lower-case, so lookups are case-insensitive. Listing
 * order is creation order, so answers are stable. With a sandbox state file the keys outlive the
 * run (apiKeyState.ts saves them after each `onChange`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { encodeBase64 } from '../../../shared/base64';

export interface ApiCredentials {
  apiKey: string;
  /** 32 random bytes, base64url with `=` padding (what the client feeds to the HMAC). */
  secret: string;
  /** 32 random bytes as 64 lower-case hex characters. */
  passphrase: string;
}

export interface StoredApiKey extends ApiCredentials {
  /** Lower-case owner address. */
  address: string;
  nonce: bigint;
}

const slotOf = (address: string, nonce: bigint) => `${address.toLowerCase()}#${nonce}`;

export const randomCredentials = (): ApiCredentials => ({
  apiKey: randomUUID(),
  secret: encodeBase64(randomBytes(32), { url: true, pad: true }),
  passphrase: randomBytes(32).toString('hex'),
});

export class ApiKeyStore {
  private readonly byKey = new Map<string, StoredApiKey>();
  private readonly bySlot = new Map<string, StoredApiKey>();

  /** Runs after every create and delete (the state file listens here). */
  onChange: () => void = () => {};

  /** `generate` is for unit tests that need known secrets (the wire-format vectors). */
  constructor(private readonly generate: () => ApiCredentials = randomCredentials) {}

  /** A new key for (address, nonce), or null when that nonce already has one. */
  create(address: string, nonce: bigint): StoredApiKey | null {
    const slot = slotOf(address, nonce);
    if (this.bySlot.has(slot)) return null;
    const key: StoredApiKey = { ...this.generate(), address: address.toLowerCase(), nonce };
    this.bySlot.set(slot, key);
    this.byKey.set(key.apiKey, key);
    this.onChange();
    return key;
  }

  derive(address: string, nonce: bigint): StoredApiKey | undefined {
    return this.bySlot.get(slotOf(address, nonce));
  }

  get(apiKey: string): StoredApiKey | undefined {
    return this.byKey.get(apiKey);
  }

  keysOf(address: string): string[] {
    const owner = address.toLowerCase();
    return [...this.byKey.values()].filter((k) => k.address === owner).map((k) => k.apiKey);
  }

  delete(apiKey: string): boolean {
    const key = this.byKey.get(apiKey);
    if (!key) return false;
    this.byKey.delete(apiKey);
    this.bySlot.delete(slotOf(key.address, key.nonce));
    this.onChange();
    return true;
  }

  /** Every key, in creation order. */
  all(): StoredApiKey[] {
    return [...this.byKey.values()];
  }

  /** Replaces every key with `keys` (in creation order); api keys and (address, nonce) slots must be unique. */
  restore(keys: readonly StoredApiKey[]): void {
    this.byKey.clear();
    this.bySlot.clear();
    for (const key of keys) {
      const stored = { ...key, address: key.address.toLowerCase() };
      this.byKey.set(stored.apiKey, stored);
      this.bySlot.set(slotOf(stored.address, stored.nonce), stored);
    }
  }
}

/** The three fields a create or derive answers with, and nothing else of the record. */
export const credentialsOf = (key: StoredApiKey): ApiCredentials => ({
  apiKey: key.apiKey, secret: key.secret, passphrase: key.passphrase,
});
