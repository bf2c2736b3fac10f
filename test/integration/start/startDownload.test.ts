// `npm start` where the Electron runtime is missing: it is fetched with Electron's own
// installer (@electron/get, then the package's install.js) from a loopback mirror named by
// ELECTRON_MIRROR, into a scratch checkout and a scratch download cache. The real installer runs
// end to end; only the archive is a small stand-in, with its checksum either in the package's
// checksums.json (the default) or in the mirror's SHASUMS256.txt (electron_use_remote_checksums).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ARCHIVE_NAME,
  closedPort,
  ELECTRON_VERSION,
  type Mirror,
  sha256,
  shasums,
  standInArchive,
  startMirror,
  startTunnelProxy,
} from './support/electronMirror';
import { addElectronPackage, type Ended, removeScratch, repoRoot, runStart, scratchCheckout, scratchDir } from './support/scratchCheckout';

const archive = standInArchive();
const archivePath = `/v${ELECTRON_VERSION}/${ARCHIVE_NAME}`;
const shasumsPath = `/v${ELECTRON_VERSION}/SHASUMS256.txt`;
const IN_BROWSER_MODE = '; serving Marketdesk in browser mode instead.';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((server) => server.close()));
  removeScratch();
});

async function mirrorOf(...args: Parameters<typeof startMirror>): Promise<Mirror> {
  const mirror = await startMirror(...args);
  closers.push(mirror);
  return mirror;
}

/** A scratch checkout whose electron package has no runtime yet, and a cache and temp folder of its own. */
function freshInstall(checksums?: Record<string, string>) {
  const root = scratchCheckout();
  const electronDir = addElectronPackage(root, checksums);
  const cache = scratchDir('marketdesk-electron-cache-');
  const tmp = scratchDir('marketdesk-start-tmp-');
  const env = { electron_config_cache: cache, TMPDIR: tmp };
  return { root, electronDir, cache, tmp, env };
}

const lastLine = (ended: Ended) => ended.stderr.trim().split('\n').at(-1) ?? '';
const cachedArchives = (cache: string) => readdirSync(cache, { recursive: true }).filter((file) => String(file).endsWith('.zip'));

/** Browser mode ran with the argv, after exactly one line about the failed download. */
function expectBrowserModeAfter(ended: Ended, reason: RegExp) {
  expect(ended.stdout).toBe('web ["--data-dir=/tmp/x"]\n');
  expect(ended.code).toBe(0);
  const line = lastLine(ended);
  expect(line.startsWith('Could not get the Electron runtime: ')).toBe(true);
  expect(line).toMatch(reason);
  expect(line).toContain('`npm start -- --browser`');
  expect(line.endsWith(IN_BROWSER_MODE)).toBe(true);
  expect(ended.stderr.split('\n').filter((text) => text.startsWith('Could not get')).length).toBe(1);
}

describe('npm start downloads a missing Electron runtime', () => {
  it("downloads it with progress, checks it against the mirror's SHASUMS256.txt, unpacks it and launches it with the app's argv", async () => {
    const { root, electronDir, cache, env } = freshInstall();
    const mirror = await mirrorOf({ [archivePath]: archive, [shasumsPath]: shasums({ [ARCHIVE_NAME]: sha256(archive) }) });
    const ended = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: mirror.url, electron_use_remote_checksums: '1' });

    const lines = ended.stderr.trim().split('\n');
    expect(lines[0]).toBe(`First start: getting the Electron ${ELECTRON_VERSION} runtime with Electron's installer (later starts reuse it).`);
    const size = (archive.length / 1e3).toFixed(1);
    expect(lines[1]).toMatch(new RegExp(`^Downloading ${ARCHIVE_NAME}: ${size} kB of ${size} kB \\(100%\\), \\d+\\.\\d [kM]B/s$`));
    expect(lines[2]).toBe('Unpacking it into node_modules/electron/dist…');
    expect(lines).toHaveLength(3);
    expect(ended.stdout).toBe(`build build\nelectron ${JSON.stringify([root, '--data-dir=/tmp/x'])} unset\n`);
    expect(ended.code).toBe(5);
    // install.js's own result: the binary under dist/, path.txt naming it, the archive cached.
    expect(readFileSync(join(electronDir, 'path.txt'), 'utf8')).toBe('electron');
    expect(readFileSync(join(electronDir, 'dist/version'), 'utf8')).toBe(ELECTRON_VERSION);
    expect(cachedArchives(cache)).toHaveLength(1);
    expect(mirror.requests.filter((path) => path === archivePath)).toHaveLength(1);
    expect(mirror.requests.filter((path) => path === shasumsPath).length).toBeGreaterThanOrEqual(1);
  });

  it("checks against the package's checksums.json by default, and a later start takes the archive from the cache without asking the mirror", async () => {
    const { root, electronDir, env } = freshInstall({ [ARCHIVE_NAME]: sha256(archive) });
    const mirror = await mirrorOf({ [archivePath]: archive });
    const first = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: mirror.url });
    expect(first.code).toBe(5);
    expect(mirror.requests).toEqual([archivePath]);

    rmSync(join(electronDir, 'dist'), { recursive: true });
    rmSync(join(electronDir, 'path.txt'));
    const second = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: mirror.url });
    expect(second.stderr).toContain("Found it in Electron's download cache.\n");
    expect(second.stderr).not.toContain('Downloading');
    expect(second.stdout).toBe(`build build\nelectron ${JSON.stringify([root, '--data-dir=/tmp/x'])} unset\n`);
    expect(mirror.requests).toEqual([archivePath]);
  });

  it("goes through npm's proxy setting when one is configured", async () => {
    const { root, env } = freshInstall({ [ARCHIVE_NAME]: sha256(archive) });
    const mirror = await mirrorOf({ [archivePath]: archive });
    const proxy = await startTunnelProxy(mirror);
    closers.push(proxy);
    // The mirror's host does not resolve here: only the proxy can reach it.
    const ended = await runStart(root, ['--data-dir=/tmp/x'], {
      ...env,
      ELECTRON_MIRROR: 'http://electron-mirror.invalid/',
      npm_config_proxy: proxy.url,
    });
    expect(ended.code).toBe(5);
    expect(proxy.connects).toEqual(['electron-mirror.invalid:80']);
    expect(mirror.requests).toEqual([archivePath]);
  });
});

describe('npm start falls back to browser mode with one line when the runtime cannot be had', () => {
  it('an unreachable mirror', async () => {
    const { root, env } = freshInstall();
    const port = await closedPort();
    const ended = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: `http://127.0.0.1:${port}/` });
    expectBrowserModeAfter(ended, new RegExp(`^Could not get the Electron runtime: 127\\.0\\.0\\.1:${port} cannot be reached \\(ECONNREFUSED\\); set ELECTRON_MIRROR .* HTTPS_PROXY`));
  });

  it('a refused download (404)', async () => {
    const { root, env } = freshInstall();
    const mirror = await mirrorOf({});
    const ended = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: mirror.url });
    expectBrowserModeAfter(ended, new RegExp(`127\\.0\\.0\\.1:\\d+ answered 404 Not Found for ${mirror.url}v${ELECTRON_VERSION}/${ARCHIVE_NAME}; set ELECTRON_MIRROR`));
  });

  it('a mirror whose TLS certificate is not trusted, until NODE_EXTRA_CA_CERTS names it', async () => {
    const { root, env } = freshInstall({ [ARCHIVE_NAME]: sha256(archive) });
    const fixtures = join(repoRoot, 'test/fixtures/tls');
    const tls = { cert: readFileSync(join(fixtures, 'self-signed-cert.pem')), key: readFileSync(join(fixtures, 'self-signed-key.pem')) };
    const mirror = await mirrorOf({ [archivePath]: archive }, tls);
    const refused = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: mirror.url });
    expectBrowserModeAfter(refused, /: 127\.0\.0\.1:\d+'s TLS certificate is not trusted \([A-Z_]+\); behind a proxy that inspects TLS, set NODE_EXTRA_CA_CERTS/);
    expect(mirror.requests).toEqual([]);

    const trusted = await runStart(root, ['--data-dir=/tmp/x'], {
      ...env,
      ELECTRON_MIRROR: mirror.url,
      NODE_EXTRA_CA_CERTS: join(fixtures, 'self-signed-cert.pem'),
    });
    expect(trusted.code).toBe(5);
    expect(mirror.requests).toEqual([archivePath]);
  });

  it('a checksum mismatch: nothing is kept in the cache or unpacked', async () => {
    const { root, electronDir, cache, env } = freshInstall();
    const mirror = await mirrorOf({ [archivePath]: archive, [shasumsPath]: shasums({ [ARCHIVE_NAME]: sha256(Buffer.from('another archive')) }) });
    const ended = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: mirror.url, electron_use_remote_checksums: '1' });
    expectBrowserModeAfter(ended, new RegExp(`: ${ARCHIVE_NAME} from 127\\.0\\.0\\.1:\\d+ does not match its published SHA-256 checksum, so it was not kept;`));
    expect(cachedArchives(cache)).toEqual([]);
    expect(existsSync(join(electronDir, 'dist'))).toBe(false);
  });

  it('a download that outlasts the time limit', async () => {
    const { root, tmp, env } = freshInstall();
    // Declares the whole archive, then sends it a little at a time, never finishing in time.
    const mirror = await mirrorOf({
      [archivePath]: (response) => {
        response.writeHead(200, { 'content-length': archive.length });
        let sent = 0;
        const drip = setInterval(() => {
          if (sent >= archive.length - 1 || response.destroyed) return clearInterval(drip);
          response.write(archive.subarray(sent, sent + 1));
          sent += 1;
        }, 100);
      },
    });
    const ended = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: mirror.url, MARKETDESK_ELECTRON_DOWNLOAD_TIMEOUT: '1' });
    // The stall limit is 1 s too; on a starved machine the drip may miss it, which ends it the same way.
    expectBrowserModeAfter(
      ended,
      /: (it did not finish within 1 s|no data from 127\.0\.0\.1:\d+ for 1 s); on a slow link raise MARKETDESK_ELECTRON_DOWNLOAD_TIMEOUT \(seconds, now 1\)/,
    );
    // The partial download went with it.
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('npm start does not download when told not to', () => {
  it.each([
    ['--browser', ['--browser', '--data-dir=/tmp/x'], {}, ''],
    [
      'ELECTRON_SKIP_BINARY_DOWNLOAD=1',
      ['--data-dir=/tmp/x'],
      { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      'The Electron runtime is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not downloaded; serving Marketdesk in browser mode instead.\n',
    ],
  ])('%s: browser mode, and the mirror is never asked', async (_name, args, extraEnv, notice) => {
    const { root, env } = freshInstall();
    const mirror = await mirrorOf({ [archivePath]: archive });
    const ended = await runStart(root, args, { ...env, ...extraEnv, ELECTRON_MIRROR: mirror.url });
    expect(ended.stderr).toBe(notice);
    expect(ended.stdout).toBe('web ["--data-dir=/tmp/x"]\n');
    expect(mirror.requests).toEqual([]);
  });
});

describe('npm start can be cancelled while it downloads', () => {
  it('SIGINT stops the download, removes the partial file and ends the way SIGINT does, without browser mode', async () => {
    const { root, tmp, env } = freshInstall();
    const mirror = await mirrorOf({
      [archivePath]: (response) => {
        response.writeHead(200, { 'content-length': archive.length });
        response.write(archive.subarray(0, 10));
      },
    });
    const ended = await runStart(root, ['--data-dir=/tmp/x'], { ...env, ELECTRON_MIRROR: mirror.url }, (output, kill) => {
      // The first progress line: the download has begun and will not finish by itself.
      if (output.stderr.includes('Downloading ')) kill('SIGINT');
    });
    expect(ended.stderr).toContain('Cancelled: the Electron runtime was not downloaded.\n');
    expect(ended.stdout).toBe('');
    expect(ended.signal).toBe('SIGINT');
    expect(readdirSync(tmp)).toEqual([]);
  });
});
