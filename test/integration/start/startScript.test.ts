// `npm start` (scripts/start.mjs) in a scratch copy of the checkout, where no download is
// possible or asked for: browser mode gets the same argv (less `--browser`) after one line
// saying why; with the runtime installed it builds, then launches Electron on the app. Exit
// codes and signals come back unchanged.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeScratch, runStart, scratchCheckout } from './support/scratchCheckout';

afterEach(removeScratch);

/** A stand-in Electron binary outside any package, found through ELECTRON_OVERRIDE_DIST_PATH. */
function standInRuntime(root: string): string {
  const dist = join(root, 'electron-dist');
  mkdirSync(dist);
  writeFileSync(
    join(dist, 'electron'),
    `#!${process.execPath}\nconsole.log('electron ' + JSON.stringify(process.argv.slice(2)) + ' ' + (process.env.ELECTRON_RUN_AS_NODE ?? 'unset'));\nprocess.exit(5);\n`,
  );
  chmodSync(join(dist, 'electron'), 0o755);
  return dist;
}

describe('scripts/start.mjs', () => {
  it('without the electron package: one line saying so, then browser mode with the same argv and its exit code', async () => {
    const root = scratchCheckout();
    const ended = await runStart(root, ['--port', '0', '--no-open', '--data-dir', '/tmp/x'], { WEB_EXIT: '3' });
    expect(ended.stderr).toBe('The electron package is not installed (npm install installs it); serving Marketdesk in browser mode instead.\n');
    expect(ended.stdout).toBe('web ["--port","0","--no-open","--data-dir","/tmp/x"]\n');
    expect(ended.code).toBe(3);
  });

  it('forwards SIGTERM to browser mode and exits the way it did', async () => {
    const root = scratchCheckout();
    const ended = await runStart(root, [], { WEB_MS: '10000' }, (output, kill) => {
      if (output.stdout.includes('web [')) kill('SIGTERM');
    });
    expect(ended.stdout).toContain('web got SIGTERM');
    expect(ended.code).toBe(7);
  });

  it('with the runtime: builds, then launches Electron on the app with the argv', async () => {
    const root = scratchCheckout();
    const dist = standInRuntime(root);
    const ended = await runStart(root, ['--data-dir=/tmp/x'], { ELECTRON_OVERRIDE_DIST_PATH: dist, ELECTRON_RUN_AS_NODE: '1' });
    expect(ended.stderr).toBe('');
    expect(ended.stdout).toBe(`build build\nelectron ${JSON.stringify([root, '--data-dir=/tmp/x'])} unset\n`);
    expect(ended.code).toBe(5);
  });

  it('--browser serves browser mode even with the runtime installed, without the flag and without a notice', async () => {
    const root = scratchCheckout();
    const dist = standInRuntime(root);
    const ended = await runStart(root, ['--browser', '--no-open'], { ELECTRON_OVERRIDE_DIST_PATH: dist });
    expect(ended.stderr).toBe('');
    expect(ended.stdout).toBe('web ["--no-open"]\n');
    expect(ended.code).toBe(0);
  });

  it('--dev with the runtime: no separate build, electron-vite dev with its own options', async () => {
    const root = scratchCheckout();
    const dist = standInRuntime(root);
    const ended = await runStart(root, ['--dev', '--watch'], { ELECTRON_OVERRIDE_DIST_PATH: dist });
    expect(ended.stderr).toBe('');
    expect(ended.stdout).toBe('build dev --watch\n');
    expect(ended.code).toBe(0);
  });

  it('--dev without a runtime it may download: the reason, then browser mode rebuilt from the source', async () => {
    const root = scratchCheckout();
    const ended = await runStart(root, ['--dev', '--watch'], { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
    expect(ended.stderr).toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not downloaded; serving Marketdesk in browser mode instead\.\n$/);
    expect(ended.stdout).toBe('web ["--rebuild"]\n');
    expect(ended.code).toBe(0);
  });
});
