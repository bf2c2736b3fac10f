/**
 * Starts one browser-mode host (`node scripts/web.mjs`) for the whole run, on a free port with a
 * throwaway data directory, and hands its address to the tests. The returned function stops it.
 * Set MARKETDESK_E2E_URL to run the tests against a host you started yourself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { HOST_ENV, HOST_FILE } from './hostAddress';

const ROOT = join(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

function waitForAddress(host: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The web host printed no address within ${START_TIMEOUT_MS / 1000} s.\n${stderr()}`));
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: host.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('http://127.0.0.1:') || !line.includes('?token=')) return;
      clearTimeout(timer);
      lines.close();
      resolve(line.trim());
    });
    host.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The web host exited (${signal ?? `code ${code}`}) before printing its address.\n${stderr()}`));
    });
  });
}

async function stopHost(host: ChildProcess): Promise<void> {
  if (host.exitCode !== null || host.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => host.once('exit', () => resolve()));
  host.kill('SIGTERM');
  const timer = setTimeout(() => host.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env[HOST_ENV]) return async () => undefined;
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) {
    throw new Error('The renderer is not built: run `npm run build:renderer` (or `npm run test:e2e`) first.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-'));
  const host = spawn(process.execPath, ['scripts/web.mjs', '--port', '0', '--no-open', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errText = '';
  host.stderr!.on('data', (chunk: Buffer) => {
    errText = (errText + chunk.toString()).slice(-4000); // keep the tail for error messages
  });

  let url: string;
  try {
    url = await waitForAddress(host, () => errText);
  } catch (error) {
    await stopHost(host);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Keep draining stdout so a chatty host never blocks on a full pipe.
  host.stdout!.resume();

  process.env[HOST_ENV] = url;
  mkdirSync(dirname(HOST_FILE), { recursive: true });
  writeFileSync(HOST_FILE, JSON.stringify({ url }));

  return async () => {
    await stopHost(host);
    rmSync(HOST_FILE, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
