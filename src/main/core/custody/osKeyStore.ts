import { randomUUID } from 'node:crypto';
import type * as Keyring from '@napi-rs/keyring';
import { OsKeyStoreUnavailableError } from './errors';
import type { OsKeyStore, OsKeyStoreAvailability } from './osKeyStorePort';
import { constantTimeEqual, randomSecretBytes, wipe } from './secretBytes';

/**
 * OsKeyStore over @napi-rs/keyring (macOS Keychain, Windows Credential Manager, Linux Secret
 * Service). Entries: service "Marketdesk", account = vault id, secret = raw bytes.
 *
 * - The native module is loaded lazily, so a platform without its prebuilt binary gets
 *   "unavailable" instead of a crash at startup.
 * - On Linux the Secret Service store is required: the library would otherwise fall back to the
 *   kernel keyutils keyring, which forgets everything at reboot ("remember on this device" would
 *   silently stop remembering).
 * - Every call has a timeout: a locked keychain may show a prompt nobody answers.
 */

export const OS_KEYSTORE_SERVICE = 'Marketdesk';
const DEFAULT_TIMEOUT_MS = 5_000;

type KeyringModule = typeof Keyring;

class KeychainTimeout extends Error {}

/**
 * The native calls accept an AbortSignal but do not reliably reject on it, so the deadline is
 * enforced here as well; the abandoned native call finishes (or not) in the background.
 */
async function withDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new KeychainTimeout('timeout')), timeoutMs);
  });
  try {
    return await Promise.race([run(AbortSignal.timeout(timeoutMs)), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export interface KeyringOsKeyStoreOptions {
  service?: string;
  timeoutMs?: number;
  /** For tests: substitute the native module. */
  loadKeyring?: () => Promise<KeyringModule>;
}

/**
 * Turns a native failure into one sentence the user can act on. The native text (D-Bus errors,
 * platform codes) is prose for developers: it is never shown, only recognised.
 */
export function describeKeyringFailure(error: unknown, timeoutMs: number): string {
  const raw = error instanceof Error ? error.message : String(error);
  const lower = raw.toLowerCase();
  if (error instanceof KeychainTimeout) {
    return `The system keychain did not answer within ${Math.max(1, Math.round(timeoutMs / 1000))} s. It may be locked, or waiting for you to confirm a prompt.`;
  }
  if (lower.includes('unlock prompt')) return 'The system keychain is locked, and its unlock prompt was closed.';
  if (lower.includes('locked')) return 'The system keychain is locked. Unlock it (or sign in to your desktop again), then try again.';
  if (lower.includes('denied') || lower.includes('dismissed') || lower.includes('cancel') || lower.includes('not allowed')) {
    return 'Marketdesk was not allowed to use the system keychain.';
  }
  if (lower.includes('dbus') || lower.includes('d-bus') || lower.includes('secret service') || lower.includes('org.freedesktop')) {
    return 'This computer has no keychain service running (GNOME Keyring or KWallet).';
  }
  return 'The system keychain could not be used on this computer.';
}

export function createKeyringOsKeyStore(options: KeyringOsKeyStoreOptions = {}): OsKeyStore {
  const service = options.service ?? OS_KEYSTORE_SERVICE;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const load = options.loadKeyring ?? (() => import('@napi-rs/keyring'));
  const entryOptions: Keyring.EntryOptions = process.platform === 'linux' ? { linux: { store: 'secret-service' } } : {};

  async function entry(account: string): Promise<Keyring.AsyncEntry> {
    const keyring = await load();
    return new keyring.AsyncEntry(service, account, entryOptions);
  }

  /** Runs one keychain operation; failures become OsKeyStoreUnavailableError with a one-line reason. */
  async function call<T>(what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await withDeadline(timeoutMs, run);
    } catch (error) {
      throw new OsKeyStoreUnavailableError(`Could not ${what}. ${describeKeyringFailure(error, timeoutMs)}`);
    }
  }

  return {
    async available(): Promise<OsKeyStoreAvailability> {
      // A write/read/delete of a throwaway entry: merely constructing an entry proves nothing
      // when the keychain is locked or the user will deny the prompt.
      const probe = randomSecretBytes(16);
      const probeAccount = `availability-probe-${randomUUID()}`;
      let back: Uint8Array | null = null;
      try {
        back = await withDeadline(timeoutMs, async (signal) => {
          const e = await entry(probeAccount);
          await e.setSecret(probe, signal);
          const read = await e.getSecret(signal);
          await e.deleteCredential(signal);
          return read ? Uint8Array.from(read) : null;
        });
        if (!back || !constantTimeEqual(back, probe)) {
          return { ok: false, reason: 'The OS keychain did not return what was stored in it.' };
        }
        return { ok: true };
      } catch (error) {
        // Do not leave the throwaway entry behind if the failure came after it was written.
        void withDeadline(timeoutMs, async (signal) => (await entry(probeAccount)).deleteCredential(signal)).catch(() => false);
        return { ok: false, reason: describeKeyringFailure(error, timeoutMs) };
      } finally {
        wipe(probe, back);
      }
    },

    async put(id, secret) {
      await call('store the vault key in the system keychain', async (signal) => (await entry(id)).setSecret(secret, signal));
    },

    async get(id) {
      const read = await call('read the vault key from the system keychain', async (signal) => (await entry(id)).getSecret(signal));
      if (!read) return null;
      const bytes = Uint8Array.from(read);
      read.fill(0);
      return bytes;
    },

    async delete(id) {
      return call('remove the vault key from the system keychain', async (signal) => (await entry(id)).deleteCredential(signal));
    },
  };
}
