/**
 * The vault as the app lives with it: created or opened at start, unlocked by password or by
 * this device's keychain, locked by the user, by inactivity or by the system (sleep, screen
 * lock). Everything that needs a secret asks `unlocked()`, which refuses with a clear "locked"
 * error, so a locked app can still show cached views but cannot sign.
 */
import { existsSync } from 'node:fs';
import type { LockReason, VaultState } from '../../../shared/custodyViews';
import { CoreError } from '../coreError';
import {
  createVault,
  openVault,
  OsKeyStoreUnavailableError,
  PasswordChecks,
  UnlockThrottledError,
  WrongPasswordError,
  type OsKeyStore,
  type ScryptCost,
  type RecordIndexEntry,
  type Vault,
} from '../custody';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings/settingsStore';

export interface VaultSessionOptions {
  path: string;
  osKeyStore: OsKeyStore;
  settings: SettingsStore;
  log: Logger;
  onChange: () => void;
  now?: () => number;
  /** scrypt cost for new vaults; tests pass lighter values. */
  kdf?: ScryptCost;
  /**
   * Browser mode, which hears of no suspend: a gap this long between two of the session's
   * 5-second checks, on the wall clock, means the machine slept (or the clock or the process was
   * stepped): the vault locks, as the desktop app locks on every suspend. Off when absent.
   */
  lockAfterClockGapMs?: number;
  /**
   * Runs after every unlock, before the unlock is announced (the first unlock after an upgrade
   * binds old records to their origin: bindIssuedOrigins.ts). Its failure is logged, not fatal.
   */
  afterUnlock?: (vault: Vault) => Promise<void>;
}

export const IDLE_CHECK_MS = 5_000;
/** A sleep, not a slow tick: a minute without one 5-second check running. */
export const SLEEP_GAP_MS = 60_000;

/** Keychain errors can span lines (D-Bus dumps); the notice is one line. */
const oneLine = (text: string) => (text.split('\n')[0] ?? '').slice(0, 160);

export class VaultSession {
  private vault: Vault | null = null;
  private lockReason: LockReason | null = 'startup';
  private deviceNotice: string | null = null;
  private deviceAvailable = false;
  private lastActivity: number;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Wall-clock time of the last periodic check (a sleep shows as a gap between two). */
  private lastCheck = 0;
  /** The one password-check path of this session: unlock and every re-entry share its throttle. */
  private readonly passwordChecks: PasswordChecks;
  private readonly now: () => number;
  private readonly lockListeners = new Set<() => void>();

  constructor(private readonly options: VaultSessionOptions) {
    this.now = options.now ?? Date.now;
    this.lastActivity = this.now();
    this.passwordChecks = new PasswordChecks({ now: this.now });
  }

  /** Opens an existing vault and, when the user asked to be remembered, unlocks it with the keychain. */
  async start(): Promise<void> {
    const availability = await this.options.osKeyStore.available();
    this.deviceAvailable = availability.ok;
    if (!availability.ok) this.deviceNotice = `${oneLine(availability.reason)} Remembering the vault on this device is not possible here; your password always works.`;
    if (existsSync(this.options.path) || existsSync(`${this.options.path}.bak`)) {
      this.vault = await openVault(this.options.path, this.vaultOptions());
      if (this.vault.recoveredFromBackup) this.options.log.warn(`vault restored from its backup copy: ${this.vault.recoveredFromBackup.reason}`);
      if (this.vault.osUnlockEnabled && this.deviceAvailable) await this.unlockWithDevice().catch(() => undefined);
    }
    this.lastCheck = this.now();
    this.idleTimer = setInterval(() => this.check(), IDLE_CHECK_MS);
    this.idleTimer.unref?.();
  }

  /** The periodic check: a sleep seen as a gap in these checks locks first, then the idle limit. */
  check(): void {
    const now = this.now();
    const gap = now - this.lastCheck;
    this.lastCheck = now;
    const limit = this.options.lockAfterClockGapMs;
    if (limit !== undefined && gap >= limit) this.lock('sleep');
    this.lockIfIdle();
  }

  stop(): void {
    if (this.idleTimer) clearInterval(this.idleTimer);
    this.vault?.lock();
    this.notifyLocked();
  }

  /**
   * Calls `listener` whenever the session locks (by the user, idle, the system, or stop), so
   * secrets decoded for the unlocked session (the order-book API secret) are dropped with it.
   * Returns the unsubscribe function.
   */
  onLocked(listener: () => void): () => void {
    this.lockListeners.add(listener);
    return () => this.lockListeners.delete(listener);
  }

  /** The vault's clear record index (readable while locked); empty when there is no vault yet. */
  recordIndex(): RecordIndexEntry[] {
    return this.vault?.listRecords() ?? [];
  }

  state(): VaultState {
    const vault = this.vault;
    return {
      exists: vault !== null,
      unlocked: vault?.isUnlocked ?? false,
      lockReason: vault?.isUnlocked ? null : this.lockReason,
      deviceUnlock: { available: this.deviceAvailable, enabled: vault?.osUnlockEnabled ?? false, notice: this.deviceNotice },
      autoLockMinutes: this.options.settings.get('autoLockMinutes'),
      // What the next password check would be told: the same number a refusal carries.
      retryAfterMs: this.passwordChecks.retryAfterMs(),
    };
  }

  /** The unlocked vault, or a clear refusal. */
  unlocked(): Vault {
    if (!this.vault) throw new CoreError('no_vault', 'There is no vault yet: create one in Accounts first.');
    if (!this.vault.isUnlocked) throw new CoreError('locked', 'The vault is locked: unlock it to sign or use credentials.');
    return this.vault;
  }

  async create(password: string): Promise<void> {
    if (this.vault) throw new CoreError('conflict', 'A vault already exists on this device; unlock it instead.');
    this.vault = await createVault(this.options.path, password, { ...this.vaultOptions(), ...(this.options.kdf ? { kdf: this.options.kdf } : {}) });
    this.touch();
    this.changed();
  }

  async unlock(password: string): Promise<void> {
    const vault = this.existing();
    await this.guardAttempt(() => vault.unlockWithPassword(password));
    await this.runAfterUnlock(vault);
    this.touch();
    this.changed();
  }

  /**
   * Checks the password again before a destructive or revealing action, without changing the
   * session: against the unlocked vault in memory (Vault.verifyPassword), never the file on
   * disk. While locked the answer is `locked` whatever the password, and the password is not
   * evaluated or counted: a locked app must not tell a right password from a wrong one.
   */
  async confirmPassword(password: string): Promise<void> {
    const vault = this.unlocked();
    await this.guardAttempt(() => vault.verifyPassword(password));
  }

  async unlockWithDevice(): Promise<void> {
    const vault = this.existing();
    try {
      await vault.unlockWithOsKeyStore();
      this.deviceNotice = null;
    } catch (error) {
      this.deviceNotice = `Could not unlock with this device's keychain. ${oneLine(error instanceof Error ? error.message : '')} Unlock with your password.`.replace(/\s+/g, ' ');
      this.changed();
      throw new CoreError('unavailable', this.deviceNotice);
    }
    await this.runAfterUnlock(vault);
    this.touch();
    this.changed();
  }

  lock(reason: LockReason): void {
    if (!this.vault?.isUnlocked) return;
    this.vault.lock();
    this.notifyLocked();
    this.lockReason = reason;
    this.options.log.info(`vault locked (${reason})`);
    this.changed();
  }

  async setRememberOnDevice(enabled: boolean): Promise<void> {
    const vault = this.unlocked();
    try {
      if (enabled) await vault.enableOsUnlock();
      else await vault.disableOsUnlock();
      this.deviceNotice = null;
    } catch (error) {
      if (!(error instanceof OsKeyStoreUnavailableError)) throw error;
      this.deviceNotice = `${oneLine(error.message)} The vault stays protected by your password.`;
      this.changed();
      throw new CoreError('unavailable', this.deviceNotice);
    }
    this.changed();
  }

  setAutoLockMinutes(minutes: number): void {
    this.options.settings.set('autoLockMinutes', minutes);
    this.touch();
    this.changed();
  }

  /** The user did something; returns when the vault will lock itself if nothing else happens. */
  touch(): number | null {
    this.lastActivity = this.now();
    const minutes = this.options.settings.get('autoLockMinutes');
    return minutes > 0 && this.vault?.isUnlocked ? this.lastActivity + minutes * 60_000 : null;
  }

  lockIfIdle(): void {
    const minutes = this.options.settings.get('autoLockMinutes');
    if (minutes > 0 && this.now() - this.lastActivity >= minutes * 60_000) this.lock('idle');
  }

  private existing(): Vault {
    if (!this.vault) throw new CoreError('no_vault', 'There is no vault yet: create one in Accounts first.');
    return this.vault;
  }

  /** A refused or wrong attempt changes `retryAfterMs`: the renderer is told at once. */
  private async guardAttempt(attempt: () => Promise<void>): Promise<void> {
    try {
      await attempt();
    } catch (error) {
      if (error instanceof UnlockThrottledError || error instanceof WrongPasswordError) this.changed();
      throw error;
    }
  }

  private async runAfterUnlock(vault: Vault): Promise<void> {
    try {
      await this.options.afterUnlock?.(vault);
    } catch (error) {
      this.options.log.warn(`after unlock: ${error instanceof Error ? error.message : 'unknown error'}`);
    }
  }

  private vaultOptions() {
    return { osKeyStore: this.options.osKeyStore, passwordChecks: this.passwordChecks };
  }

  private notifyLocked(): void {
    for (const listener of this.lockListeners) listener();
  }

  private changed(): void {
    this.options.onChange();
  }
}
