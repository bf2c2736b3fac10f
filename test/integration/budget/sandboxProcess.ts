/**
 * The sandbox in a child process (`npm run sandbox`'s entry), so it keeps its own clock: a load
 * test that steps this process's wall clock must not step the exchange's with it. Its counters
 * are read over its loopback admin routes, as any outside observer would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { EdgeScopeStats } from '../../../src/shared/protocol/edgeLimits';
import type { PerpsWeightStats } from '../../../src/sandbox/perps/weightMeter';
import type { RouteCounters } from '../../../src/sandbox/faults/faultInjector';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface SandboxUrls {
  analytics: string;
  clob: string;
  catalog: string;
  perps: string;
}

export interface SandboxProcess {
  urls: SandboxUrls;
  pid: number;
  edgeStats(): Promise<EdgeScopeStats[]>;
  perpsWeights(): Promise<PerpsWeightStats>;
  /** Per-route request counters, with the 429s the sandbox's own limits answered (`limited`). */
  routeCounters(): Promise<RouteCounters[]>;
  stop(): Promise<void>;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export async function startSandboxProcess(args: readonly string[] = []): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const urls = await new Promise<SandboxUrls>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox printed no URLs within 30 s; stderr: ${stderr}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      resolve(JSON.parse(out.slice(0, newline)) as SandboxUrls);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code}) before printing its URLs; stderr: ${stderr}`));
    });
  });
  const pid = child.pid!;
  return {
    urls,
    pid,
    edgeStats: async () => (await getJson<{ scopes: EdgeScopeStats[] }>(`${urls.clob}/sandbox/edge-stats`)).scopes,
    perpsWeights: () => getJson<PerpsWeightStats>(`${urls.perps}/sandbox/perps/weights`),
    routeCounters: async () => (await getJson<{ routes: RouteCounters[] }>(`${urls.clob}/sandbox/faults`)).routes,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, 'SIGTERM');
      const killer = setTimeout(() => {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
