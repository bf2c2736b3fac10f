/**
 * A write that fails because the disk is full or the folder cannot be written is not a bug: it is
 * said to the user in the same words wherever it happens (settings, accounts, alerts, network
 * profiles, the history store, exports, the vault), naming the folder, and nothing stored before
 * is lost. Node's file calls say it with an errno (ENOSPC, EROFS, …), SQLite with a result code
 * (SQLITE_FULL "database or disk is full", SQLITE_READONLY).
 */
import { relative, resolve } from 'node:path';
import { CoreError } from '../coreError';

export type StorageFaultKind = 'full' | 'read_only';

const FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);
const READ_ONLY_ERRNOS = new Set(['EROFS', 'EACCES', 'EPERM']);
/** Primary SQLite result codes (the low byte of an extended code). */
const SQLITE_READONLY = 8;
const SQLITE_FULL = 13;

function kindOfOne(error: object): StorageFaultKind | null {
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof code === 'string') {
    if (FULL_ERRNOS.has(code)) return 'full';
    if (READ_ONLY_ERRNOS.has(code)) return 'read_only';
  }
  if (typeof errcode === 'number') {
    if ((errcode & 0xff) === SQLITE_FULL) return 'full';
    if ((errcode & 0xff) === SQLITE_READONLY) return 'read_only';
  }
  return null;
}

/** The path a Node file call names in its error (or an error it wraps), if any. */
function pathOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const { path } = current as { path?: unknown };
    if (typeof path === 'string') return path;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether `error` (or an error it wraps) says the disk is full or the folder cannot be written. */
export function storageFaultKind(error: unknown): StorageFaultKind | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof StorageFault) return current.kind;
    if (current instanceof CoreError) return null;
    const kind = kindOfOne(current);
    if (kind) return kind;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export interface StorageFaultPlace {
  /** The folder the write went to. */
  folder: string;
  /** Whether that folder is Marketdesk's data folder (said so), or one the user chose (an export's). */
  isDataFolder?: boolean;
}

/**
 * The sentence the user sees: "The disk is full: <what> could not be saved in the data folder <dir>. …"
 * or "The data folder is read-only: <what> could not be saved in <dir>. …". `what` starts lower-case
 * ("your display preferences", "the export").
 */
export function storageFaultMessage(kind: StorageFaultKind, what: string, place: StorageFaultPlace): string {
  const dataFolder = place.isDataFolder ?? true;
  if (kind === 'full') {
    return `The disk is full: ${what} could not be saved in ${dataFolder ? 'the data folder ' : ''}${place.folder}. Everything saved before is kept; free some space on that disk and try again.`;
  }
  return `The ${dataFolder ? 'data folder' : 'folder'} is read-only: ${what} could not be saved in ${place.folder}. Everything saved before is kept; make the folder writable and try again.`;
}

/** A write refused by a full or read-only disk, said for the user (bridge code `storage`). */
export class StorageFault extends CoreError {
  constructor(
    readonly kind: StorageFaultKind,
    readonly folder: string,
    message: string,
    cause: unknown,
  ) {
    super('storage', message, { retryable: true, cause });
    this.name = 'StorageFault';
  }
}

/** The StorageFault for the user, or null when `error` is not a full or read-only disk. */
export function storageFault(error: unknown, what: string, place: StorageFaultPlace): StorageFault | null {
  if (error instanceof StorageFault) return error;
  const kind = storageFaultKind(error);
  if (!kind) return null;
  return new StorageFault(kind, place.folder, storageFaultMessage(kind, what, place), error);
}

/**
 * Why the app could not start in `dataDir`, in one line, when the folder is read-only or its disk
 * full; null for any other failure. The lock, the settings and the vault live there: an app that
 * cannot write them does not start (a trading terminal that forgets what it did is worse than none).
 */
export function startupStorageFault(error: unknown, dataDir: string): StorageFault | null {
  const kind = storageFaultKind(error);
  if (!kind) return null;
  // A file call names its path: a refusal elsewhere (the per-user budget lock) is not the data folder's.
  const path = pathOf(error);
  if (path !== null && relative(resolve(dataDir), resolve(path)).startsWith('..')) return null;
  const message = kind === 'full'
    ? `The disk is full: Marketdesk could not start in the data folder ${dataDir}. Free some space on that disk and start again.`
    : `The data folder is read-only: ${dataDir}. Marketdesk keeps its lock, settings, keys and history there and cannot start without writing to it; make the folder writable, or start with another data folder.`;
  return new StorageFault(kind, dataDir, message, error);
}
