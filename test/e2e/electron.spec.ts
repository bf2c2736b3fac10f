// The desktop app itself, driven through Playwright's Electron support. It runs only where the
// Electron runtime binary is installed (it cannot be downloaded on every machine, ours
// included); elsewhere it is reported as skipped with the reason, and the renderer is covered by
// the browser-mode specs. It builds what it launches, so it needs no global setup.
import { _electron as electron, expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { electronPackageDir, findElectronRuntime } from '../../scripts/electronRuntime.mjs';

const repoRoot = resolve(import.meta.dirname, '../..');
const runtime = findElectronRuntime({ electronDir: electronPackageDir(repoRoot) });

test.skip(
  runtime === null,
  'Electron runtime binary is not installed on this machine (it cannot be downloaded here); the renderer is covered by the browser-mode E2E specs',
);

test.describe('desktop app', () => {
  test.describe.configure({ timeout: 180_000 });
  let dataDir = '';

  test.beforeAll(() => {
    const build = spawnSync(process.execPath, [join(repoRoot, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    expect(build.status, 'electron-vite build').toBe(0);
    // A fresh data dir: no saved window state, and no single-instance clash with a running app.
    dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-electron-e2e-'));
  });

  test.afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('opens one hardened window with the bridge and no Node', async () => {
    const app = await electron.launch({
      // Passing the path keeps Playwright from loading the electron package (a download).
      executablePath: runtime?.executablePath ?? '',
      // The repo root as the app: package.json's main is the built out/main/index.js, and the
      // app gets its real name rather than Electron's default.
      args: [repoRoot, `--data-dir=${dataDir}`],
      cwd: repoRoot,
    });
    try {
      const window = await app.firstWindow();
      await window.waitForLoadState('domcontentloaded');
      await expect(window).toHaveTitle(/Marketdesk/);
      expect(window.url()).toMatch(/^app:\/\/marketdesk\//);

      const globals = await window.evaluate(() => ({
        api: typeof (globalThis as Record<string, unknown>).api,
        require: typeof (globalThis as Record<string, unknown>).require,
        process: typeof (globalThis as Record<string, unknown>).process,
      }));
      expect(globals).toEqual({ api: 'object', require: 'undefined', process: 'undefined' });

      // Navigation is denied: the page stays on the app origin.
      await window.evaluate(() => {
        (globalThis as unknown as { location: { href: string } }).location.href = 'https://github.com/';
      });
      await window.waitForTimeout(500);
      expect(window.url()).toMatch(/^app:\/\/marketdesk\//);

      await window.screenshot({ path: test.info().outputPath('electron-window.png') });
    } finally {
      await app.close();
    }
  });
});
