import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refreshBackup, removeStaleTempFiles, writeFileAtomic, type WriteStep } from '../../../src/main/core/custody/atomicWrite';
import { tempDir } from './helpers';

describe('writeFileAtomic', () => {
  it('replaces the file, keeps the previous one as .bak, mode 0600, leaves no temp file', async () => {
    const file = path.join(await tempDir(), 'v.json');
    const steps: WriteStep[] = [];
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, 'two', { onStep: (s) => steps.push(s) });
    expect(await fs.readFile(file, 'utf8')).toBe('two');
    expect(await fs.readFile(`${file}.bak`, 'utf8')).toBe('one');
    expect(steps).toEqual(['temp-written', 'temp-synced', 'backup-kept', 'renamed', 'directory-synced']);
    if (process.platform !== 'win32') expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.readdir(path.dirname(file))).sort()).toEqual(['v.json', 'v.json.bak']);
  });

  it('tightens a file that had a looser mode', async () => {
    if (process.platform === 'win32') return;
    const file = path.join(await tempDir(), 'v.json');
    await fs.writeFile(file, 'old', { mode: 0o644 });
    await writeFileAtomic(file, 'new');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('creates exclusively: never replaces an existing file', async () => {
    const file = path.join(await tempDir(), 'v.json');
    await writeFileAtomic(file, 'first', { exclusive: true });
    await expect(writeFileAtomic(file, 'second', { exclusive: true })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await fs.readFile(file, 'utf8')).toBe('first');
    expect((await fs.readdir(path.dirname(file))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('refreshBackup makes .bak a copy of the current file', async () => {
    const file = path.join(await tempDir(), 'v.json');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, 'two');
    await refreshBackup(file);
    expect(await fs.readFile(`${file}.bak`, 'utf8')).toBe('two');
    // A later write must not change the backup through a shared hard link.
    await writeFileAtomic(file, 'three', { keepBackup: false });
    expect(await fs.readFile(`${file}.bak`, 'utf8')).toBe('two');
  });

  it('sweeps temporary files a crashed writer left behind, and nothing else', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'v.json');
    await fs.writeFile(path.join(dir, '.v.json.abc123.tmp'), 'partial');
    await fs.writeFile(path.join(dir, '.v.json.bak.def456.tmp'), 'partial');
    await fs.writeFile(path.join(dir, 'other.tmp'), 'keep');
    expect(await removeStaleTempFiles(file)).toBe(2);
    expect(await fs.readdir(dir)).toEqual(['other.tmp']);
  });
});

describe('vault directory', () => {
  it('is created 0700, and an existing directory of ours is tightened to 0700', async () => {
    if (process.platform === 'win32') return;
    const { createVault } = await import('../../../src/main/core/custody/vault');
    const dir = path.join(await tempDir(), 'profile');
    await fs.mkdir(dir, { mode: 0o755 });
    await fs.chmod(dir, 0o755);
    const vault = await createVault(path.join(dir, 'vault.json'), 'a long enough password', { kdf: { N: 1024, r: 8, p: 1 } });
    vault.lock();
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
  });
});
