/**
 * `conf` re-reads its JSON file on every `get`. The core is the only writer of its files (the
 * data folder is locked, see dataFolderLock.ts), so this keeps one copy in memory, read once,
 * and writes through — hot paths (every trading request asks for the active account) do no
 * file I/O.
 *
 * Compare and swap: a write goes through only if the file still holds the bytes this store last
 * read or wrote (a SHA-256 of the file, taken at open and after each write). A process that got
 * past the lock and wrote the file in between would otherwise see its change erased — conf
 * rewrites the whole list of accounts — so the write is refused with a `conflict` error and
 * neither the file nor this copy changes.
 *
 * The files hold which accounts exist and where their funds are: written 0600, and an older
 * file found wider is narrowed at open.
 *
 * A write refused by a full disk or a read-only folder changes neither the file (conf writes a
 * temporary file and renames it) nor this copy, and fails with a StorageFault that says what was
 * not saved ("The disk is full: your display preferences could not be saved …").
 */
import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Conf, { type Options } from 'conf';
import { CoreError } from '../coreError';
import { storageFault } from '../dataFolder/storageFaults';
import { ignoreStorageReport, type StorageReport } from '../dataFolder/storageHealth';

export const STORE_FILE_MODE = 0o600;

function fingerprintOf(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

function narrowMode(file: string): void {
  if (process.platform === 'win32') return;
  try {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, STORE_FILE_MODE);
  } catch {
    // Not there yet: the first write creates it 0600.
  }
}

export interface StoreWriteOptions<T> {
  /** What a write of `key` saves, for the user ("your display preferences"); the file's name by default. */
  describe?: (key: keyof T) => string;
  /** Told of every refused and every successful write (the status bar's storage problem). */
  report?: StorageReport;
}

export class MemoryBackedConf<T extends Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any -- conf's own constraint
  private readonly conf: Conf<T>;
  private data: T;
  /** The file's bytes as this store last saw them (see the header). */
  private seen: string;
  private readonly describe: (key: keyof T) => string;
  private readonly report: StorageReport;

  constructor(options: Options<T>, writes: StoreWriteOptions<T> = {}) {
    this.conf = new Conf<T>({ configFileMode: STORE_FILE_MODE, ...options });
    this.describe = writes.describe ?? (() => `the change to ${basename(this.conf.path)}`);
    this.report = writes.report ?? ignoreStorageReport;
    narrowMode(this.conf.path);
    this.data = this.conf.store;
    this.seen = fingerprintOf(this.conf.path);
  }

  get path(): string {
    return this.conf.path;
  }

  get<K extends keyof T>(key: K): T[K] {
    return this.data[key];
  }

  set<K extends keyof T>(key: K, value: T[K]): void {
    if (fingerprintOf(this.conf.path) !== this.seen) {
      throw new CoreError(
        'conflict',
        `${basename(this.conf.path)} in the data folder was changed by another process since Marketdesk read it: this change was not saved. Restart Marketdesk to load the file as it is now.`,
      );
    }
    try {
      this.conf.set(key, value);
    } catch (error) {
      const fault = storageFault(error, this.describe(key), { folder: dirname(this.conf.path) });
      if (!fault) throw error;
      this.report.failed(fault);
      throw fault;
    }
    this.report.written();
    this.data = { ...this.data, [key]: value };
    this.seen = fingerprintOf(this.conf.path);
  }
}
