/**
 * What the renderer sees of custody: addresses, labels, masked suffixes and booleans.
 * Never a private key, HMAC secret, passphrase, proxy secret or password.
 */
import type { IssuingHosts } from './issuedOrigin';

/** Order-book signature types (wire-formats.md): EOA 0, proxy 1, safe 2, deposit wallet 3. */
export const SIGNATURE_TYPES = ['EOA', 'PROXY', 'SAFE', 'DEPOSIT_WALLET'] as const;
export type SignatureTypeName = (typeof SIGNATURE_TYPES)[number];

export interface ClobCredentialsView {
  /** The API key's last characters, e.g. `••••3f9a`. */
  apiKeyHint: string;
  nonce: number;
  createdAt: number;
  /**
   * Where they were issued (src/shared/issuedOrigin.ts): the order-book service's origin, or the
   * embedded sandbox. Null: issued before hosts were recorded, for a network without a profile.
   * Absent only until the first unlock after upgrading binds them.
   */
  origin?: string | null;
}

export interface PerpsProxyView {
  proxyAddress: string;
  label: string;
  expiresAt: number;
  createdAt: number;
  referralCode: string | null;
  /** Where it was created: the perps exchange's origin, or the embedded sandbox (as ClobCredentialsView.origin). */
  origin?: string | null;
}

export interface AccountView {
  id: string;
  label: string;
  address: string;
  /** `watchOnly` accounts have no key: read-only views work, signing is refused. */
  kind: 'key' | 'watchOnly';
  signatureType: SignatureTypeName;
  /** The proxy, safe or deposit wallet that holds the funds; null for EOA. */
  funder: string | null;
  clobCredentials: ClobCredentialsView | null;
  perpsProxies: PerpsProxyView[];
  createdAt: number;
  /** A key account whose key is not in the vault (found at start): signing is refused, removal works. */
  keyMissing?: boolean;
}

export interface AccountsState {
  accounts: AccountView[];
  activeAccountId: string | null;
  /**
   * What the current network's services bind credentials and proxies issued now to; an account's
   * `origin` that differs was issued on another host and is not used here. Absent between networks.
   */
  hosts?: IssuingHosts;
}

export type LockReason = 'startup' | 'manual' | 'idle' | 'sleep' | 'screen-locked';

export interface VaultState {
  exists: boolean;
  unlocked: boolean;
  /** Why the vault is locked, when it is. */
  lockReason: LockReason | null;
  /** "Remember on this device": the vault key in the OS keychain. */
  deviceUnlock: {
    available: boolean;
    enabled: boolean;
    /** One line saying why it is unavailable, or why it fell back to the password. */
    notice: string | null;
  };
  /** Minutes of inactivity before the vault locks itself; 0 = never. */
  autoLockMinutes: number;
  /** After failed attempts, how long until the next unlock attempt is allowed. */
  retryAfterMs: number;
}

/**
 * How a keystore export went. The keystore and its password never come to the renderer: main
 * asks the password and writes the file through a save dialog (desktop), or a one-time page on
 * another loopback origin asks it and serves the file as a download (browser mode).
 */
export interface KeystoreExportResult {
  shownIn: 'dialog' | 'one-time-page';
  /** For `one-time-page`: open this address once, within a minute, to choose the password. */
  url: string | null;
  /** For `dialog`: the saved file's name (not its folder), or null when the user cancelled. */
  savedAs: string | null;
}

export interface SecretRevealResult {
  /** Where the key was shown: a main-owned dialog (desktop) or a one-time page (browser mode). */
  shownIn: 'dialog' | 'one-time-page';
  /** For `one-time-page`: open this address once, within a minute. */
  url: string | null;
}
