/**
 * Builder API keys of one sandbox run, in memory (routes in builderKeyRoutes.ts, state file
 * section in builderKeyState.ts). A builder key belongs to the address whose L2 credentials
 * created it; its credentials are shaped like the public reference's (key uuid v4, secret 32
 * random bytes base64url with padding, passphrase 32 random bytes hex). Its builder code is
 * `keccak256(utf8(key))`, a bytes32 that orders carry in their v2 `builder` field so that the
 * trades they make are attributed to the builder (GET /builder/trades).
 *
 * Revoking keeps the record (listed with `revokedAt`), so the code of a revoked key is never
 * reissued and its history stays explainable; a revoked key authenticates nothing. At most
 * MAX_BUILDER_KEYS_PER_ADDRESS records (revoked ones included) per address, so a loop of
 * create and revoke cannot grow the state file without bound.
 */
import { keccak256, stringToBytes, type Hex } from 'viem';
import { randomCredentials } from './apiKeyStore';

export const MAX_BUILDER_KEYS_PER_ADDRESS = 50;

export interface BuilderCredentials {
  key: string;
  /** 32 random bytes, base64url with `=` padding (the HMAC key of the builder headers). */
  secret: string;
  /** 32 random bytes as 64 lower-case hex characters. */
  passphrase: string;
}

export interface StoredBuilderKey extends BuilderCredentials {
  /** Lower-case owner address. */
  address: string;
  /** Lower-case bytes32 hex: keccak256 of the key's UTF-8 bytes. */
  builderCode: Hex;
  createdAtMs: number;
  /** Null while the key is active. */
  revokedAtMs: number | null;
}

export const builderCodeOf = (key: string): Hex => keccak256(stringToBytes(key));

export const randomBuilderCredentials = (): BuilderCredentials => {
  const { apiKey, secret, passphrase } = randomCredentials();
  return { key: apiKey, secret, passphrase };
};

export class BuilderKeyStore {
  private readonly byKey = new Map<string, StoredBuilderKey>();

  /** Runs after every create and revoke (the state file listens here). */
  onChange: () => void = () => {};

  /** `generate` is for tests that need known secrets. */
  constructor(private readonly generate: () => BuilderCredentials = randomBuilderCredentials) {}

  /** A new active key for `address`; null when the address has reached the limit. */
  create(address: string, nowMs: number): StoredBuilderKey | null {
    const owner = address.toLowerCase();
    if (this.keysOf(owner).length >= MAX_BUILDER_KEYS_PER_ADDRESS) return null;
    const credentials = this.generate();
    if (this.byKey.has(credentials.key)) return null;
    const key: StoredBuilderKey = {
      ...credentials, address: owner, builderCode: builderCodeOf(credentials.key), createdAtMs: nowMs, revokedAtMs: null,
    };
    this.byKey.set(key.key, key);
    this.onChange();
    return key;
  }

  get(key: string): StoredBuilderKey | undefined {
    return this.byKey.get(key);
  }

  /** The address's keys, active and revoked, in creation order. */
  keysOf(address: string): StoredBuilderKey[] {
    const owner = address.toLowerCase();
    return [...this.byKey.values()].filter((k) => k.address === owner);
  }

  /** Marks an active key revoked; false when it is unknown or already revoked. */
  revoke(key: string, nowMs: number): boolean {
    const stored = this.byKey.get(key);
    if (!stored || stored.revokedAtMs !== null) return false;
    stored.revokedAtMs = nowMs;
    this.onChange();
    return true;
  }

  /** Every key, in creation order. */
  all(): StoredBuilderKey[] {
    return [...this.byKey.values()];
  }

  /** Replaces every key with `keys` (in creation order); keys must be unique. */
  restore(keys: readonly StoredBuilderKey[]): void {
    this.byKey.clear();
    for (const key of keys) this.byKey.set(key.key, { ...key, address: key.address.toLowerCase() });
  }
}

/** The credentials a create answers with, plus the builder code orders put in `builder`. */
export const builderCredentialsOf = (key: StoredBuilderKey) => ({
  key: key.key, secret: key.secret, passphrase: key.passphrase, builderCode: key.builderCode,
});

/** One element of the GET listing (no secrets). */
export const builderKeyListing = (key: StoredBuilderKey) => ({
  key: key.key,
  builderCode: key.builderCode,
  createdAt: new Date(key.createdAtMs).toISOString(),
  revokedAt: key.revokedAtMs === null ? null : new Date(key.revokedAtMs).toISOString(),
});
