// The installable app itself: `npm run dist -- --dir` builds the unpacked app (electron-builder,
// the real fuses and ASAR), and Playwright starts it. Runs only where the Electron runtime binary
// is installed (electron-builder packs that binary); elsewhere it is skipped with the reason and
// the packaged-app check (test/integration/release/packagedApp.test.ts) covers the archive.
//
// Playwright drives Electron's main process through the Node inspector, which the shipped
// enableNodeCliInspectArguments fuse turns off; this build alone turns it on, and the test reads
// the binary's fuse wire to prove every other fuse is as electron-builder.ts ships it.
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { _electron as electron, expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { electronFuses } from '../../electron-builder';
import { electronPackageDir, findElectronRuntime } from '../../scripts/electronRuntime.mjs';
import { FUSE_OPTION_OF } from '../../scripts/release/fuseOptions';

const repoRoot = resolve(import.meta.dirname, '../..');
const runtime = findElectronRuntime({ electronDir: electronPackageDir(repoRoot) });

test.skip(
  runtime === null,
  'Electron runtime binary is not installed on this machine, so electron-builder cannot pack an app to start; the packaged-app check (npm run check:package) verifies the archive instead',
);

/** The executable electron-builder's --dir build leaves in `outputDir` for this platform. */
function unpackedExecutable(outputDir: string): string {
  const folder = readdirSync(outputDir).find((name) => /^(linux|win)(-[a-z0-9]+)?-unpacked$|^mac(-[a-z0-9]+)?$/.test(name));
  if (!folder) throw new Error(`No unpacked app in ${outputDir}: ${readdirSync(outputDir).join(', ')}`);
  const dir = join(outputDir, folder);
  if (process.platform === 'darwin') return join(dir, 'Marketdesk.app/Contents/MacOS/Marketdesk');
  if (process.platform === 'win32') return join(dir, 'Marketdesk.exe');
  return join(dir, 'marketdesk');
}

test.describe('packaged app', () => {
  test.describe.configure({ timeout: 600_000 });
  let outputDir = '';
  let dataDir = '';
  let executablePath = '';

  test.beforeAll(() => {
    outputDir = mkdtempSync(join(tmpdir(), 'marketdesk-dist-'));
    dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-packaged-e2e-'));
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const dist = spawnSync(
      npm,
      ['run', 'dist', '--', '--dir', `-c.directories.output=${outputDir}`, '-c.electronFuses.enableNodeCliInspectArguments=true'],
      { cwd: repoRoot, stdio: 'inherit', shell: process.platform === 'win32' },
    );
    expect(dist.status, 'npm run dist -- --dir').toBe(0);
    executablePath = unpackedExecutable(outputDir);
    expect(existsSync(executablePath), executablePath).toBe(true);
  });

  test.afterAll(() => {
    for (const dir of [outputDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('carries the shipped fuses (inspector aside) in its binary', async () => {
    const wire = await getCurrentFuseWire(executablePath);
    for (const [key, shipped] of Object.entries(electronFuses) as Array<[keyof typeof electronFuses, boolean]>) {
      const option = FuseV1Options[FUSE_OPTION_OF[key]];
      const expected = key === 'enableNodeCliInspectArguments' ? true : shipped;
      expect(wire[option], key).toBe(expected ? FuseState.ENABLE : FuseState.DISABLE);
    }
  });

  test('starts from app.asar, opens the hardened window, and loads node:sqlite', async () => {
    const app = await electron.launch({ executablePath, args: [`--data-dir=${dataDir}`] });
    try {
      const main = await app.evaluate(({ app: electronApp }) => ({
        packaged: electronApp.isPackaged,
        appPath: electronApp.getAppPath(),
        sqlite: typeof process.getBuiltinModule('node:sqlite')?.DatabaseSync,
      }));
      expect(main.packaged).toBe(true);
      expect(main.appPath).toMatch(/app\.asar$/);
      expect(main.sqlite).toBe('function');

      const window = await app.firstWindow();
      await window.waitForLoadState('domcontentloaded');
      await expect(window).toHaveTitle(/Marketdesk/);
      expect(window.url()).toMatch(/^app:\/\/marketdesk\//);
      const globals = await window.evaluate(() => ({
        api: typeof (globalThis as Record<string, unknown>).api,
        require: typeof (globalThis as Record<string, unknown>).require,
      }));
      expect(globals).toEqual({ api: 'object', require: 'undefined' });
      await window.screenshot({ path: test.info().outputPath('packaged-window.png') });
    } finally {
      await app.close();
    }
  });
});
