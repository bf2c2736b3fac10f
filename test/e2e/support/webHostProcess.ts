/**
 * Starts a browser-mode host (`node scripts/web.mjs`) on a free port with a given data directory
 * and returns its printed address and a stop function. Used by the global setup (one host for the
 * run) and by specs that need a host of their own, e.g. a fresh vault independent of spec order.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from '@playwright/test';

export const ROOT = join(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningHost {
  /** The full address with `?token=`. */
  url: string;
  dataDir: string;
  /** Stops the host; removes the data directory when this helper created it. */
  stop: () => Promise<void>;
}

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

async function stopProcess(host: ChildProcess): Promise<void> {
  if (host.exitCode !== null || host.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => host.once('exit', () => resolve()));
  host.kill('SIGTERM');
  const timer = setTimeout(() => host.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Starts a host; without `dataDir` it gets a throwaway directory that `stop` removes. */
export async function startWebHostProcess(options: { dataDir?: string; browserOpener?: string; extraArgs?: string[] } = {}): Promise<RunningHost> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'marketdesk-e2e-'));
  // With `browserOpener`, the host "opens a browser" by running that command on its sign-in file.
  const openArgs = options.browserOpener ? [] : ['--no-open'];
  const host = spawn(process.execPath, ['scripts/web.mjs', '--port', '0', ...openArgs, '--data-dir', dataDir, ...(options.extraArgs ?? [])], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.browserOpener ? { ...process.env, MARKETDESK_BROWSER_OPENER: options.browserOpener } : process.env,
  });
  let errText = '';
  host.stderr!.on('data', (chunk: Buffer) => {
    errText = (errText + chunk.toString()).slice(-4000); // keep the tail for error messages
  });
  const cleanUp = async () => {
    await stopProcess(host);
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  let url: string;
  try {
    url = await waitForAddress(host, () => errText);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  // Keep draining stdout so a chatty host never blocks on a full pipe.
  host.stdout!.resume();
  return { url, dataDir, stop: cleanUp };
}

/**
 * Gives a spec its own web host (a fresh data folder: a new vault and accounts whatever other
 * specs did), started before its tests and stopped after them. Call at the top level of a spec.
 */
export function ownWebHost(options: Parameters<typeof startWebHostProcess>[0] = {}): () => RunningHost {
  let host: RunningHost | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    host = await startWebHostProcess(options);
  });
  test.afterAll(async () => {
    await host?.stop();
  });
  return () => {
    if (!host) throw new Error('the web host did not start');
    return host;
  };
}
