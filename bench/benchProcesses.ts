/**
 * The two processes the click-to-order and startup benches compare, each started with an IPC
 * channel: Marketdesk's browser-mode host with the sandbox (bench/orderPathHost.ts) and the bare
 * baseline server (bench/bareOrderServer.ts). Each answers `ready` once it listens; closing the
 * channel stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TraceMark } from '../src/shared/perfTrace';

const ROOT = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 120_000;

export interface Child<Ready> {
  ready: Ready;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function startChild<Ready>(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Child<Ready>> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, ...env },
  });
  let errText = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errText = (errText + chunk.toString()).slice(-4000);
  });
  const ready = await new Promise<Ready>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} was not ready within ${START_TIMEOUT_MS / 1000} s.\n${errText}`)), START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolvePromise(message as Ready);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${signal ?? `code ${code}`}) before it was ready.\n${errText}`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { ready, process: child, stop };
}

export interface MarketdeskHost {
  url: string;
  urls: { clob: string; catalog: string };
  /** The core's and the sandbox's marks since the last call (tracing on only with `trace`). */
  takeMarks(): Promise<TraceMark[]>;
  stop(): Promise<void>;
}

export async function startMarketdeskHost({ trace }: { trace: boolean }): Promise<MarketdeskHost> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) throw new Error('The renderer is not built: run `npm run build:renderer` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-bench-'));
  const child = await startChild<{ url: string; urls: { clob: string; catalog: string } }>('bench/orderPathHost.ts', [dataDir], { BENCH_TRACE: trace ? '1' : '0' });
  return {
    ...child.ready,
    takeMarks: () =>
      new Promise((resolvePromise) => {
        child.process.once('message', (message) => resolvePromise((message as { marks: TraceMark[] }).marks));
        child.process.send({ kind: 'trace' });
      }),
    stop: async () => {
      await child.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

export async function startBareServer(clobUrl: string, staticDir?: string): Promise<BareServer> {
  const child = await startChild<{ url: string }>('bench/bareOrderServer.ts', [clobUrl, ...(staticDir ? [staticDir] : [])]);
  return { url: child.ready.url, stop: child.stop };
}
