/** Which failures are a full disk or a read-only folder, and the sentences the user reads for them. */
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../../../src/main/core/coreError';
import { startupStorageFault, storageFault, storageFaultKind } from '../../../../src/main/core/dataFolder/storageFaults';

const errno = (code: string, path?: string) => Object.assign(new Error(`${code}: failed`), { code, ...(path ? { path } : {}) });
const sqlite = (errcode: number, message: string) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });

describe('storageFaultKind', () => {
  it('reads errnos and SQLite result codes (extended ones too), also when wrapped', () => {
    expect(['ENOSPC', 'EDQUOT'].map((code) => storageFaultKind(errno(code)))).toEqual(['full', 'full']);
    expect(['EROFS', 'EACCES', 'EPERM'].map((code) => storageFaultKind(errno(code)))).toEqual(['read_only', 'read_only', 'read_only']);
    expect(storageFaultKind(sqlite(13, 'database or disk is full'))).toBe('full');
    // SQLITE_READONLY_DBMOVED (8 | 4 << 8): the primary code decides.
    expect(storageFaultKind(sqlite(8 | (4 << 8), 'attempt to write a readonly database'))).toBe('read_only');
    expect(storageFaultKind(new Error('could not lock', { cause: errno('EROFS') }))).toBe('read_only');
    for (const other of [errno('ENOENT'), sqlite(5, 'database is locked'), new CoreError('network', 'x'), 'text', null]) expect(storageFaultKind(other)).toBeNull();
  });
});

describe('storageFault', () => {
  it('says what was not saved and where, keeps the cause, and is the same fault when met again', () => {
    const fault = storageFault(errno('ENOSPC'), 'the export', { folder: '/home/u/Downloads', isDataFolder: false })!;
    expect(fault).toMatchObject({ code: 'storage', kind: 'full', folder: '/home/u/Downloads', retryable: true });
    expect(fault.message).toBe('The disk is full: the export could not be saved in /home/u/Downloads. Everything saved before is kept; free some space on that disk and try again.');
    expect(storageFault(errno('EACCES'), 'the watchlist', { folder: '/data' })!.message).toBe(
      'The data folder is read-only: the watchlist could not be saved in /data. Everything saved before is kept; make the folder writable and try again.',
    );
    expect(storageFault(fault, 'something else', { folder: '/x' })).toBe(fault);
    expect(storageFault(errno('ENOENT'), 'the export', { folder: '/x' })).toBeNull();
  });
});

describe('startupStorageFault', () => {
  it('names the data folder in one line, and leaves a refusal outside it alone', () => {
    expect(startupStorageFault(errno('EROFS', '/data/md/marketdesk.lock'), '/data/md')?.message).toBe(
      'The data folder is read-only: /data/md. Marketdesk keeps its lock, settings, keys and history there and cannot start without writing to it; make the folder writable, or start with another data folder.',
    );
    expect(startupStorageFault(sqlite(13, 'database or disk is full'), '/data/md')?.message).toBe(
      'The disk is full: Marketdesk could not start in the data folder /data/md. Free some space on that disk and start again.',
    );
    // The per-user budget lock lives elsewhere: its refusal is not the data folder's.
    expect(startupStorageFault(errno('EACCES', '/run/user/1000/marketdesk/budget-x/marketdesk.lock'), '/data/md')).toBeNull();
    expect(startupStorageFault(errno('ENOENT', '/data/md/x'), '/data/md')).toBeNull();
  });
});
