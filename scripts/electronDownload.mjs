// Gets the Electron runtime the way the electron package's own installer (its install.js) does,
// with progress and time limits it lacks. The archive is fetched by @electron/get's
// downloadArtifact with install.js's own arguments (version, platform and arch rules, cache
// root, checksums.json or the mirror's SHASUMS256.txt), so ELECTRON_MIRROR and the other
// ELECTRON_* mirror variables, the cache and the checksum check are Electron's. Then install.js
// itself runs: it finds the archive in that cache, checks it again and unpacks it into dist/ and
// path.txt exactly as `npx install-electron` would.
import { execSync, spawn } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeDownloadFailure, describeUnpackFailure } from './electronDownloadFailure.mjs';

const DEFAULT_TOTAL_SECONDS = 600;
const STALL_SECONDS = 30;

/** The time limits: MARKETDESK_ELECTRON_DOWNLOAD_TIMEOUT seconds in all, and no 30 s without data. */
function downloadLimits(env = process.env) {
  const seconds = Number(env.MARKETDESK_ELECTRON_DOWNLOAD_TIMEOUT);
  const totalMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TOTAL_SECONDS) * 1000;
  return { totalMs, stallMs: Math.min(STALL_SECONDS * 1000, totalMs) };
}

/** A download that failed or ran out of time; `line` says why and what to do. */
export class RuntimeDownloadError extends Error {
  /** @param {string} line */
  constructor(line) {
    super(line);
    this.name = 'RuntimeDownloadError';
    this.line = line;
  }
}

/** install.js's platform and arch rules, so the archive lands on the cache entry it reads. */
function installTarget(env) {
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform;
  let arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch;
  if (platform === 'darwin' && process.platform === 'darwin' && arch === 'x64' && env.npm_config_arch === undefined) {
    try {
      if (execSync('sysctl -in sysctl.proc_translated').toString().trim() === '1') arch = 'arm64';
    } catch {
      // Not under Rosetta, or no sysctl: x64 it is, as in install.js.
    }
  }
  return { platform, arch };
}

/**
 * The proxy the environment names: the usual variables, or npm's own settings (npm passes its
 * `proxy`, `https-proxy` and `noproxy` config to scripts), so `npm start` goes where `npm install` went.
 */
function proxyFromEnv(env) {
  const sources = {
    HTTPS_PROXY: ['https_proxy', 'HTTPS_PROXY', 'npm_config_https_proxy'],
    HTTP_PROXY: ['http_proxy', 'HTTP_PROXY', 'npm_config_proxy'],
    NO_PROXY: ['no_proxy', 'NO_PROXY', 'npm_config_noproxy'],
  };
  /** @type {Record<string, string>} */
  const proxy = {};
  for (const [name, from] of Object.entries(sources)) {
    const value = from.map((source) => env[source]).find(Boolean);
    if (value) proxy[name] = value;
  }
  return proxy.HTTPS_PROXY || proxy.HTTP_PROXY ? proxy : null;
}

/** Aborts on the first of: the caller's signal, the total limit, `stallMs` without data. */
function deadline(limits, outer) {
  const controller = new AbortController();
  const state = { timedOut: /** @type {null | 'stall' | 'total'} */ (null), cancelled: false };
  const stop = (why) => {
    if (controller.signal.aborted) return;
    if (why === 'cancelled') state.cancelled = true;
    else state.timedOut = why;
    controller.abort(new Error(`download stopped: ${why}`));
  };
  const total = setTimeout(() => stop('total'), limits.totalMs);
  let stall = setTimeout(() => stop('stall'), limits.stallMs);
  const onCancel = () => stop('cancelled');
  if (outer?.aborted) onCancel();
  outer?.addEventListener('abort', onCancel, { once: true });
  return {
    signal: controller.signal,
    state,
    alive() {
      clearTimeout(stall);
      stall = setTimeout(() => stop('stall'), limits.stallMs);
    },
    /** Unpacking sends no bytes: only the total limit and the caller still apply. */
    stopStallTimer: () => clearTimeout(stall),
    dispose() {
      clearTimeout(total);
      clearTimeout(stall);
      outer?.removeEventListener('abort', onCancel);
    },
  };
}

/** Runs install.js; resolves when it exits 0, rejects with the first line it printed otherwise. */
function runInstaller(electronDir, env, signal) {
  const child = spawn(process.execPath, [join(electronDir, 'install.js')], {
    cwd: electronDir,
    env,
    signal,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(undefined);
      else reject(new Error(stderr.trim().split('\n')[0] || `install.js exited with code ${code}`));
    });
  });
}

/**
 * Downloads and unpacks the runtime into `electronDir` (an installed `electron` package).
 * Resolves when install.js has written dist/ and path.txt; rejects with a RuntimeDownloadError
 * (its `line` says why and what to do), or with an AbortError when `signal` cancels it.
 * @param {{
 *   electronDir: string,
 *   signal?: AbortSignal,
 *   onStart?: (details: { version: string, fileName: string }) => void,
 *   onProgress?: (progress: { transferred: number, total: number | null }) => void,
 *   onDownloaded?: (details: { fromCache: boolean }) => void,
 *   onWarning?: (line: string) => void,
 * }} options
 */
export async function downloadElectronRuntime({ electronDir, signal, onStart, onProgress, onDownloaded, onWarning }) {
  const env = process.env;
  const require = createRequire(join(electronDir, 'install.js'));
  const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));
  // The copy install.js loads: its import also applies ELECTRON_GET_USE_PROXY, as there.
  const get = await import(pathToFileURL(require.resolve('@electron/get')).href);
  const proxy = proxyFromEnv(env);
  // Node 24.14 added this; an older Node 24 cannot send fetch through a proxy once started.
  if (proxy && typeof http.setGlobalProxyFromEnv === 'function') http.setGlobalProxyFromEnv(proxy);
  else if (proxy) onWarning?.(`A proxy is configured, but Node ${process.version} cannot send this download through it (Node 24.14 or later can).`);

  const { platform, arch } = installTarget(env);
  const fileName = `electron-v${version.replace(/^v/, '')}-${platform}-${arch}.zip`;
  const limits = downloadLimits(env);
  const watch = deadline(limits, signal);
  let url = /** @type {string | null} */ (null);
  let fromCache = true;
  const downloader = {
    /** @param {string} from @param {string} target @param {object} [options] */
    async download(from, target, options = {}) {
      url = from;
      const isArchive = basename(new URL(from).pathname) !== 'SHASUMS256.txt';
      if (isArchive) fromCache = false;
      watch.alive();
      await new get.FetchDownloader().download(from, target, {
        ...options,
        quiet: true,
        signal: watch.signal,
        getProgressCallback: (/** @type {{ transferred: number, total: number | null }} */ progress) => {
          watch.alive();
          if (isArchive) onProgress?.({ transferred: progress.transferred, total: progress.total });
        },
      });
    },
  };
  const remoteChecksums = env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums;
  onStart?.({ version, fileName });
  const context = () => ({ url, fileName, timedOut: watch.state.timedOut, limits });
  const fail = (line) =>
    watch.state.cancelled ? new DOMException('The Electron runtime download was cancelled', 'AbortError') : new RuntimeDownloadError(line);
  try {
    try {
      await get.downloadArtifact({
        version,
        artifactName: 'electron',
        force: env.force_no_cache === 'true',
        cacheRoot: env.electron_config_cache,
        checksums: remoteChecksums ? undefined : require('./checksums.json'),
        platform,
        arch,
        downloader,
      });
    } catch (error) {
      throw fail(describeDownloadFailure(error, context()));
    }
    onDownloaded?.({ fromCache });
    watch.stopStallTimer();
    const installerEnv = { ...env, ...(proxy ? { ...proxy, NODE_USE_ENV_PROXY: '1' } : {}) };
    // The archive is fresh in the cache now; a forced install would fetch it a second time.
    delete installerEnv.force_no_cache;
    try {
      await runInstaller(electronDir, installerEnv, watch.signal);
    } catch (error) {
      const timedOut = watch.state.timedOut !== null;
      throw fail(timedOut ? describeDownloadFailure(error, context()) : describeUnpackFailure(error, join(electronDir, 'dist')));
    }
  } finally {
    watch.dispose();
  }
}
