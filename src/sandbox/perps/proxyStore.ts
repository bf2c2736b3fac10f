/**
 * Proxy keys of the perps exchange, in memory. A proxy address belongs to at most one owner.
 * The secret (32 random bytes, base64url without padding) is returned once at creation; only
 * its SHA-256 digest is kept, and checks compare digests in constant time. With a sandbox state
 * file the proxies and their digests outlive the run (perpsAccountsState.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Hex } from 'viem';

export interface ProxyKey {
  /** Checksummed proxy address. */
  proxy: Hex;
  /** Checksummed owner (the account). */
  owner: Hex;
  /** Unix ms after which the proxy no longer authenticates. */
  expiryMs: number;
  label?: string;
  /** The referral code given at creation, as registered. */
  code?: string;
  createdAtMs: number;
}

interface Stored {
  key: ProxyKey;
  secretDigest: Buffer;
}

/** A proxy as saved: its key and the SHA-256 of its secret as 64 hex characters. */
export interface SavedProxy {
  key: ProxyKey;
  secretSha256: string;
}

const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

export class ProxyStore {
  private readonly byProxy = new Map<string, Stored>();

  /** Runs after every issue and delete. */
  onChange: () => void = () => {};

  get(proxy: string): ProxyKey | undefined {
    return this.byProxy.get(proxy.toLowerCase())?.key;
  }

  /** Stores the proxy and returns its new secret; the caller has checked it does not exist. */
  issue(key: ProxyKey): string {
    const secret = randomBytes(32).toString('base64url');
    this.byProxy.set(key.proxy.toLowerCase(), { key, secretDigest: digest(secret) });
    this.onChange();
    return secret;
  }

  secretMatches(proxy: string, secret: string): boolean {
    const stored = this.byProxy.get(proxy.toLowerCase());
    return stored !== undefined && timingSafeEqual(stored.secretDigest, digest(secret));
  }

  delete(proxy: string): boolean {
    const deleted = this.byProxy.delete(proxy.toLowerCase());
    if (deleted) this.onChange();
    return deleted;
  }

  ofOwner(owner: string): ProxyKey[] {
    const wanted = owner.toLowerCase();
    return [...this.byProxy.values()].map((s) => s.key).filter((k) => k.owner.toLowerCase() === wanted);
  }

  snapshot(): SavedProxy[] {
    return [...this.byProxy.values()].map((s) => ({ key: { ...s.key }, secretSha256: s.secretDigest.toString('hex') }));
  }

  /** Replaces every proxy; addresses must be unique and digests 64 hex characters. */
  restore(saved: readonly SavedProxy[]): void {
    this.byProxy.clear();
    for (const { key, secretSha256 } of saved) {
      this.byProxy.set(key.proxy.toLowerCase(), { key: { ...key }, secretDigest: Buffer.from(secretSha256, 'hex') });
    }
  }
}
