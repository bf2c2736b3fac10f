// A scratch copy of the checkout for running scripts/start.mjs: the start scripts themselves,
// and stand-ins for what they start (web.mjs for browser mode, electron-vite for the build),
// each reporting the argv it was given. start.mjs finds everything relative to its own folder,
// so nothing in the real node_modules is read or written.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';

export const repoRoot = resolve(import.meta.dirname, '../../../..');

const made: string[] = [];
/** Removes every folder made since the last call (an afterEach). */
export function removeScratch(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function scratchDir(prefix = 'marketdesk-start-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function scratchCheckout(): string {
  const root = scratchDir();
  mkdirSync(join(root, 'scripts'));
  for (const file of readdirSync(join(repoRoot, 'scripts')).filter((name) => name.endsWith('.mjs'))) {
    copyFileSync(join(repoRoot, 'scripts', file), join(root, 'scripts', file));
  }
  writeFileSync(join(root, 'package.json'), '{"type":"module"}');
  writeFileSync(
    join(root, 'scripts/web.mjs'),
    [
      // The handler goes first: the test signals as soon as the argv line appears.
      "process.on('SIGTERM', () => { console.log('web got SIGTERM'); process.exit(7); });",
      "console.log('web ' + JSON.stringify(process.argv.slice(2)));",
      'setTimeout(() => process.exit(Number(process.env.WEB_EXIT ?? 0)), Number(process.env.WEB_MS ?? 0));',
    ].join('\n'),
  );
  const bin = join(root, 'node_modules/electron-vite/bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'electron-vite.js'), "console.log('build ' + process.argv.slice(2).join(' '));");
  return root;
}

/**
 * The installed electron package in the scratch checkout, as npm leaves it: package.json,
 * install.js and checksums.json copied from the real one (or `checksums` instead), no binary, and
 * the installer's own dependencies (@electron/get, the unzipper) linked from the real node_modules.
 */
export function addElectronPackage(root: string, checksums?: Record<string, string>): string {
  const dir = join(root, 'node_modules/electron');
  mkdirSync(dir, { recursive: true });
  const real = join(repoRoot, 'node_modules/electron');
  for (const file of ['package.json', 'install.js', 'checksums.json']) copyFileSync(join(real, file), join(dir, file));
  writeFileSync(join(dir, 'index.js'), "throw new Error('index.js must never be loaded');\n");
  if (checksums) writeFileSync(join(dir, 'checksums.json'), JSON.stringify(checksums));
  for (const dependency of ['@electron/get', '@electron-internal/extract-zip']) {
    mkdirSync(join(root, 'node_modules', dependency, '..'), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules', dependency), join(root, 'node_modules', dependency), 'dir');
  }
  return dir;
}

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the scratch checkout's start.mjs with only PATH and `env` in its environment;
 * `onOutput` sees stdout and stderr as they grow and may signal the process.
 */
export function runStart(
  root: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  onOutput?: (output: { stdout: string; stderr: string }, kill: (signal: NodeJS.Signals) => void) => void,
): Promise<Ended> {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
  });
  const output = { stdout: '', stderr: '' };
  const kill = (signal: NodeJS.Signals) => child.kill(signal);
  child.stdout.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString();
    onOutput?.(output, kill);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString();
    onOutput?.(output, kill);
  });
  return new Promise((done) => child.on('close', (code, signal) => done({ code, signal, ...output })));
}
