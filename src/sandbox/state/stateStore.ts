/**
 * The sandbox's durable account state: one JSON file, loaded at start and rewritten after
 * changes (the `stateFile` sandbox option). Without it the sandbox keeps everything in memory.
 *
 * Format (version 1):
 *   { "format": "marketdesk-sandbox-state", "version": 1, "savedAt": "<ISO time>",
 *     "<section key>": <that domain's snapshot>, ... }
 * Each domain brings a StateSection (its serializer lives beside its store, e.g.
 * clob/auth/apiKeyState.ts). A file without a section's key starts that domain fresh, so a new
 * domain joins version 1 without a migration; a key this build does not know is written back
 * unchanged. Changing the shape of an existing section needs a new version.
 *
 * Loading: a missing file is a fresh start. A file that cannot be read, is not JSON, is not this
 * format, has another version or a section that fails validation is renamed to
 * `<name>.corrupt-<timestamp>` and the run starts fresh, with one line on stderr; it is never
 * overwritten. If it cannot be moved aside, the run keeps its state in memory only.
 *
 * Saving: sections report changes; the first change arms a timer and everything until it fires
 * goes out in one write (temp file + fsync + rename, see atomicFile.ts). Writes never overlap.
 * `close()` writes whatever is pending. A failed write is logged and retried with the next
 * change or flush; it never throws into a request.
 *
 * One sandbox per file: `open` locks `<file>.lock` (stateFileLock.ts) before it reads anything
 * and `close` releases it. Even past the lock a save never writes over a file it did not read
 * (compare and swap): the store remembers the hash of the content it loaded or last wrote, and
 * a save finding anything else on disk is refused and logged, so another writer's keys survive.
 *
 * The file holds the exchange-side secrets of API keys; it is written with mode 0600.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { removeLeftoverTempFiles, setAside, writeFileAtomically } from './atomicFile';
import { asObject } from './stateFields';
import { lockStateFile, StateFileLockedError, type StateFileLock } from './stateFileLock';

export const STATE_FORMAT = 'marketdesk-sandbox-state';
export const STATE_VERSION = 1;
const HEADER_KEYS = new Set(['format', 'version', 'savedAt']);
export const DEFAULT_SAVE_DELAY_MS = 100;

export interface StateSection {
  /** The domain's key in the file. */
  readonly key: string;
  /** The domain's current state as plain JSON values. */
  encode(): unknown;
  /**
   * Checks a stored snapshot (throws StateFormatError) and answers the function that installs
   * it. Installs nothing itself, so a file is applied completely or not at all.
   */
  decode(stored: unknown): () => void;
  /** Subscribes to the domain's changes: `changed` runs after every change worth saving. */
  watch(changed: () => void): void;
}

export interface StateStoreOptions {
  /** How long the first change waits for more before the write (default 100 ms). */
  saveDelayMs?: number;
  /** One line per event; default stderr with the `[sandbox]` prefix. */
  log?: (line: string) => void;
  now?: () => Date;
}

/** How the run started: from the file, fresh (no file), fresh after setting a bad file aside, or memory-only. */
export type StateOrigin = 'loaded' | 'new' | 'set-aside' | 'memory-only';

const stderrLog = (line: string) => {
  process.stderr.write(`[sandbox] ${line}\n`);
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class SandboxStateStore {
  private timer: NodeJS.Timeout | null = null;
  private writes: Promise<void> = Promise.resolve();
  private dirty = false;
  private closed = false;
  private failing = false;
  private writeCount = 0;
  private failureCount = 0;
  /** Hash of the file as this store last saw it (loaded or written); null = there was no file. */
  private expectedHash: string | null;

  private constructor(
    readonly file: string,
    /** Null when the file's directory could not hold a lock at open; taken before the first save. */
    private lock: StateFileLock | null,
    loadedHash: string | null,
    readonly origin: StateOrigin,
    private readonly sections: readonly StateSection[],
    /** Sections of the file this build does not know, written back as they were. */
    private readonly foreign: Readonly<Record<string, unknown>>,
    private readonly saveDelayMs: number,
    private readonly log: (line: string) => void,
    private readonly now: () => Date,
  ) {
    this.expectedHash = loadedHash;
  }

  /** Loads `file` into the sections (see the header for every outcome) and starts watching them. */
  static async open(file: string, sections: readonly StateSection[], options: StateStoreOptions = {}): Promise<SandboxStateStore> {
    const keys = new Set<string>();
    for (const { key } of sections) {
      if (HEADER_KEYS.has(key) || keys.has(key)) throw new Error(`sandbox state: section key ${JSON.stringify(key)} is reserved or repeated`);
      keys.add(key);
    }
    const log = options.log ?? stderrLog;
    const now = options.now ?? (() => new Date());
    // Before anything is read: another sandbox on this file would overwrite our saves.
    const lock = tryLock(file);
    try {
      return await SandboxStateStore.openLocked(file, lock, sections, options, log, now);
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  private static async openLocked(
    file: string, lock: StateFileLock | null, sections: readonly StateSection[], options: StateStoreOptions, log: (line: string) => void, now: () => Date,
  ): Promise<SandboxStateStore> {
    await removeLeftoverTempFiles(file);
    const loaded = await load(file, sections);
    let origin: StateOrigin = loaded.kind === 'missing' ? 'new' : 'loaded';
    let foreign: Record<string, unknown> = {};
    if (loaded.kind === 'ok') {
      for (const install of loaded.installs) install();
      foreign = loaded.foreign;
    } else if (loaded.kind === 'bad') {
      const kept = await setAside(file, now());
      origin = kept ? 'set-aside' : 'memory-only';
      log(kept
        ? `state file ${file} ${loaded.reason}; starting fresh, the old file is kept as ${kept}`
        : `state file ${file} ${loaded.reason} and cannot be moved aside; this run keeps its state in memory only`);
    }
    const loadedHash = loaded.kind === 'ok' ? loaded.hash : null;
    const store = new SandboxStateStore(file, lock, loadedHash, origin, sections, foreign, options.saveDelayMs ?? DEFAULT_SAVE_DELAY_MS, log, now);
    for (const section of sections) section.watch(store.changed);
    return store;
  }

  /** Writes pending changes now (and waits for a write in progress). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writes = this.writes.then(() => this.writePending());
    return this.writes;
  }

  /** Final flush; later changes are no longer saved. Safe to call more than once. */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      await this.flush();
    }
    await this.writes;
    this.lock?.release();
  }

  stats(): { writes: number; failedWrites: number } {
    return { writes: this.writeCount, failedWrites: this.failureCount };
  }

  private readonly changed = (): void => {
    if (this.origin === 'memory-only' || this.closed) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.saveDelayMs);
    // A pending save must not keep the process alive; stop() flushes it.
    this.timer.unref();
  };

  /** Never rejects: the chain in `writes` must survive a failed write. */
  private async writePending(): Promise<void> {
    if (!this.dirty || this.origin === 'memory-only') return;
    this.dirty = false;
    try {
      this.lock ??= tryLock(this.file);
      const onDisk = await hashOfFile(this.file);
      if (onDisk !== this.expectedHash) throw new StateConflictError(this.file);
      const text = this.serialize();
      await writeFileAtomically(this.file, text);
      this.expectedHash = hashOf(text);
      this.writeCount += 1;
      if (this.failing) this.log(`state file ${this.file} is being saved again`);
      this.failing = false;
    } catch (error) {
      this.dirty = true;
      this.failureCount += 1;
      // One line per failure streak, not per change.
      if (!this.failing) {
        this.log(error instanceof StateConflictError
          ? error.message
          : `cannot save state file ${this.file} (${(error as NodeJS.ErrnoException).code ?? reasonOf(error)}); will retry on the next change`);
      }
      this.failing = true;
    }
  }

  private serialize(): string {
    const document: Record<string, unknown> = { format: STATE_FORMAT, version: STATE_VERSION, savedAt: this.now().toISOString(), ...this.foreign };
    for (const section of this.sections) document[section.key] = section.encode();
    return `${JSON.stringify(document, null, 2)}\n`;
  }
}

/**
 * The lock, or null when it cannot be taken for a reason other than another holder (the
 * directory does not exist yet and cannot be made, say): the store then runs as before and the
 * compare-and-swap still guards every save. A live holder is always a refusal.
 */
function tryLock(file: string): StateFileLock | null {
  try {
    return lockStateFile(file);
  } catch (error) {
    if (error instanceof StateFileLockedError) throw error;
    return null;
  }
}

/** Another process wrote the state file since this store read it: the save is refused. */
export class StateConflictError extends Error {
  constructor(file: string) {
    super(`state file ${file} was changed by another process since this sandbox read it; not overwriting it (restart the sandbox to load it)`);
    this.name = 'StateConflictError';
  }
}

const hashOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function hashOfFile(file: string): Promise<string | null> {
  try {
    return hashOf(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

type Loaded =
  | { kind: 'missing' }
  | { kind: 'ok'; installs: Array<() => void>; foreign: Record<string, unknown>; hash: string }
  | { kind: 'bad'; reason: string };

async function load(file: string, sections: readonly StateSection[]): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a parent is a file, so there is no state file either (saving will report it).
    return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : { kind: 'bad', reason: `cannot be read (${code ?? reasonOf(error)})` };
  }
  let document: Record<string, unknown>;
  try {
    document = asObject(JSON.parse(text), 'the file');
  } catch {
    return { kind: 'bad', reason: 'is not a JSON object' };
  }
  if (document.format !== STATE_FORMAT) return { kind: 'bad', reason: `is not a ${STATE_FORMAT} file` };
  if (document.version !== STATE_VERSION) return { kind: 'bad', reason: `has unsupported version ${document.version === undefined ? '(none)' : JSON.stringify(document.version)}` };
  const known = new Set(sections.map((s) => s.key));
  const foreign = Object.fromEntries(Object.entries(document).filter(([key]) => !HEADER_KEYS.has(key) && !known.has(key)));
  const installs: Array<() => void> = [];
  try {
    for (const section of sections) {
      if (document[section.key] !== undefined) installs.push(section.decode(document[section.key]));
    }
  } catch (error) {
    return { kind: 'bad', reason: `is invalid: ${reasonOf(error)}` };
  }
  return { kind: 'ok', installs, foreign, hash: hashOf(text) };
}
