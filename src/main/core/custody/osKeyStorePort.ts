/**
 * The seam between the vault and an OS keychain. The vault only ever stores a random 32-byte
 * wrapping key here (never the data key, never a password), under the vault id.
 *
 * `available()` never throws: a missing Secret Service, a locked keychain or a denied prompt
 * is an ordinary answer with a one-line reason the UI shows before falling back to the password.
 */
export type OsKeyStoreAvailability = { ok: true } | { ok: false; reason: string };

export interface OsKeyStore {
  available(): Promise<OsKeyStoreAvailability>;
  put(id: string, secret: Uint8Array): Promise<void>;
  /** The stored bytes (a copy the caller wipes), or null when there is no entry. */
  get(id: string): Promise<Uint8Array | null>;
  /** True when an entry was removed, false when there was none. */
  delete(id: string): Promise<boolean>;
}

/**
 * An in-memory OsKeyStore for tests and for hosts without a keychain. It is a test seam: a
 * "remember on this device" backed by it would be forgotten on exit.
 */
export function createMemoryOsKeyStore(options: { unavailableReason?: string } = {}): OsKeyStore & {
  readonly size: number;
  setUnavailable(reason: string | undefined): void;
} {
  const entries = new Map<string, Uint8Array>();
  let unavailable = options.unavailableReason;
  const guard = () => {
    if (unavailable !== undefined) throw new Error(unavailable);
  };
  return {
    get size() {
      return entries.size;
    },
    setUnavailable(reason) {
      unavailable = reason;
    },
    async available() {
      return unavailable === undefined ? { ok: true } : { ok: false, reason: unavailable };
    },
    async put(id, secret) {
      guard();
      entries.get(id)?.fill(0);
      entries.set(id, Uint8Array.from(secret));
    },
    async get(id) {
      guard();
      const stored = entries.get(id);
      return stored ? Uint8Array.from(stored) : null;
    },
    async delete(id) {
      guard();
      const stored = entries.get(id);
      stored?.fill(0);
      return entries.delete(id);
    },
  };
}
