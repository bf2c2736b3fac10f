// The desktop app itself, started along `npm start`'s desktop path (scripts/startPlan.mjs): the
// Electron runtime is downloaded with Electron's installer when it is missing, the app is built,
// and Playwright's Electron support launches the same command with the same arguments and
// environment. Where npm start would fall back to browser mode (ELECTRON_SKIP_BINARY_DOWNLOAD
// set, as in CI, or no route to the download), the spec is skipped with npm start's own line;
// the renderer is covered by the browser-mode specs.
import { _electron as electron, expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { planStart, type StartPlan } from '../../scripts/startPlan.mjs';

const repoRoot = resolve(import.meta.dirname, '../..');

test.describe('desktop app', () => {
  test.describe.configure({ timeout: 180_000 });
  let desktop: Extract<StartPlan, { mode: 'desktop' }> | null = null;
  let dataDir = '';

  test.beforeAll(async () => {
    // A first download (about 100 MB) has npm start's own limit, 10 minutes by default.
    test.setTimeout(15 * 60_000);
    // A fresh data dir: no saved window state, and no single-instance clash with a running app.
    dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-electron-e2e-'));
    const plan = await planStart({ root: repoRoot, args: [`--data-dir=${dataDir}`] });
    if (plan.mode === 'browser') {
      test.skip(true, `npm start would serve browser mode on this machine: ${plan.notice}`);
      return;
    }
    if (!plan.build) throw new Error('npm start plans a build before the desktop launch');
    const build = spawnSync(plan.build.command, plan.build.args, { cwd: repoRoot, stdio: 'inherit' });
    expect(build.status, 'electron-vite build').toBe(0);
    desktop = plan;
  });

  test.afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('opens one hardened window with the bridge and no Node', async () => {
    if (!desktop) throw new Error('beforeAll did not prepare the desktop start');
    const app = await electron.launch({
      // npm start's command: the runtime's executable (passing it keeps Playwright from loading
      // the electron package), the repo root as the app (package.json's main is the built
      // out/main/index.js) and the argv after it.
      executablePath: desktop.launch.command,
      args: desktop.launch.args,
      env: desktop.launch.env as Record<string, string>,
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
