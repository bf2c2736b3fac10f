// `npm start` decides between the desktop app and browser mode from the files an Electron
// install leaves behind, never by loading the electron package (which would start a download).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronPackageDir, findElectronRuntime } from '../../../scripts/electronRuntime.mjs';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-electron-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A node_modules/electron as npm leaves it, with or without the downloaded binary. */
function electronPackage(options: { pathTxt?: string; binary?: boolean }): string {
  const root = tempDir();
  const dir = join(root, 'node_modules/electron');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.5.0' }));
  writeFileSync(join(dir, 'index.js'), "throw new Error('index.js must never be loaded');\n");
  if (options.pathTxt !== undefined) writeFileSync(join(dir, 'path.txt'), options.pathTxt);
  if (options.binary && options.pathTxt) {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'dist', options.pathTxt), '');
  }
  return root;
}

describe('findElectronRuntime', () => {
  it('finds the binary that path.txt names under dist/', () => {
    const root = electronPackage({ pathTxt: 'electron', binary: true });
    const electronDir = electronPackageDir(root);
    expect(electronDir).toBe(join(root, 'node_modules/electron'));
    expect(findElectronRuntime({ electronDir, env: {} })).toEqual({ executablePath: join(root, 'node_modules/electron/dist/electron') });
  });

  it('reports absence when the install script never ran (no path.txt)', () => {
    const root = electronPackage({});
    expect(findElectronRuntime({ electronDir: electronPackageDir(root), env: {} })).toBeNull();
  });

  it('reports absence when path.txt exists but the download did not land', () => {
    const root = electronPackage({ pathTxt: 'electron', binary: false });
    expect(findElectronRuntime({ electronDir: electronPackageDir(root), env: {} })).toBeNull();
  });

  it('reports absence when the electron package is not installed at all', () => {
    const root = tempDir();
    expect(electronPackageDir(root)).toBeNull();
    expect(findElectronRuntime({ electronDir: null, env: {} })).toBeNull();
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH, with or without path.txt', () => {
    const dist = tempDir();
    writeFileSync(join(dist, 'electron'), '');
    const bare = electronPackage({});
    expect(findElectronRuntime({ electronDir: electronPackageDir(bare), env: { ELECTRON_OVERRIDE_DIST_PATH: dist } })).toEqual({
      executablePath: join(dist, 'electron'),
    });
    const missing = tempDir();
    expect(findElectronRuntime({ electronDir: electronPackageDir(bare), env: { ELECTRON_OVERRIDE_DIST_PATH: missing } })).toBeNull();
  });

  it('does not mistake a directory for the executable', () => {
    const root = electronPackage({ pathTxt: 'electron' });
    mkdirSync(join(root, 'node_modules/electron/dist/electron'), { recursive: true });
    expect(findElectronRuntime({ electronDir: electronPackageDir(root), env: {} })).toBeNull();
  });
});
