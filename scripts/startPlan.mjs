// What `npm start` runs: the desktop app (building it first) when the Electron runtime is
// installed or can be downloaded now, otherwise browser mode (scripts/web.mjs) with one line
// saying why. `npm run dev` (`dev: true`) gets the runtime the same way, then runs electron-vite's
// dev server (hot reload) with its options; without a runtime it serves browser mode rebuilt
// from the current source, since the options it was given are electron-vite's. scripts/start.mjs runs the plan; the Electron E2E spec launches the same plan
// through Playwright. Every path is relative to `root`, the checkout the script lives in, which
// is how the tests point it at a scratch copy (stand-in web.mjs, electron-vite and electron package).
import { join, relative } from 'node:path';
import { createProgressReporter } from './downloadProgress.mjs';
import { downloadElectronRuntime, RuntimeDownloadError } from './electronDownload.mjs';
import { electronPackageDir, findElectronRuntime } from './electronRuntime.mjs';

export const BROWSER_FLAG = '--browser';
export const DEV_FLAG = '--dev';
const IN_BROWSER_MODE = 'serving Marketdesk in browser mode instead.';

/** ELECTRON_SKIP_BINARY_DOWNLOAD as Electron's installers read it, where "0" and "false" mean no. */
const skipsDownload = (value) => Boolean(value) && !['0', 'false'].includes(String(value).toLowerCase());

/**
 * @param {{ root: string, args: string[], dev?: boolean, signal?: AbortSignal, stderr?: { isTTY?: boolean, write(text: string): unknown } }} options
 * @returns {Promise<import('./startPlan.d.mts').StartPlan>}
 * Rejects with an AbortError when `signal` cancels the download.
 */
export async function planStart({ root, args, dev = false, signal, stderr = process.stderr }) {
  const webArgs = dev ? ['--rebuild'] : args.filter((arg) => arg !== BROWSER_FLAG);
  const browser = (notice) => ({
    mode: /** @type {const} */ ('browser'),
    notice,
    launch: { command: process.execPath, args: [join(root, 'scripts/web.mjs'), ...webArgs], env: process.env },
  });
  if (args.includes(BROWSER_FLAG)) return browser(null);

  const electronDir = electronPackageDir(root);
  let runtime = findElectronRuntime({ electronDir });
  if (!runtime) {
    if (skipsDownload(process.env.ELECTRON_SKIP_BINARY_DOWNLOAD)) {
      return browser(`The Electron runtime is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not downloaded; ${IN_BROWSER_MODE}`);
    }
    if (!electronDir) return browser(`The electron package is not installed (npm install installs it); ${IN_BROWSER_MODE}`);
    let progress = null;
    try {
      await downloadElectronRuntime({
        electronDir,
        signal,
        onStart: ({ version, fileName }) => {
          stderr.write(`First start: getting the Electron ${version} runtime with Electron's installer (later starts reuse it).\n`);
          progress = createProgressReporter(stderr, `Downloading ${fileName}`);
        },
        onProgress: (state) => progress?.update(state),
        onWarning: (line) => stderr.write(`${line}\n`),
        onDownloaded: ({ fromCache }) => {
          progress?.end();
          if (fromCache) stderr.write("Found it in Electron's download cache.\n");
          stderr.write(`Unpacking it into ${relative(root, join(electronDir, 'dist')) || '.'}…\n`);
        },
      });
    } catch (error) {
      progress?.end();
      if (!(error instanceof RuntimeDownloadError)) throw error;
      return browser(`Could not get the Electron runtime: ${error.line}; ${IN_BROWSER_MODE}`);
    }
    runtime = findElectronRuntime({ electronDir });
    if (!runtime) {
      return browser(`Electron's installer finished but left no runtime in ${join(electronDir, 'dist')}; ${IN_BROWSER_MODE}`);
    }
  }

  // An inherited ELECTRON_RUN_AS_NODE would start Electron as plain Node, not as the app.
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const electronVite = join(root, 'node_modules/electron-vite/bin/electron-vite.js');
  // electron-vite's dev server builds main and the preload itself and launches the runtime.
  if (dev) return { mode: 'desktop', build: null, launch: { command: process.execPath, args: [electronVite, 'dev', ...args], env } };
  return {
    mode: 'desktop',
    build: { command: process.execPath, args: [electronVite, 'build'] },
    // `root` makes Electron load package.json's main (out/main/index.js).
    launch: { command: runtime.executablePath, args: [root, ...args], env },
  };
}
