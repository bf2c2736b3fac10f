/**
 * Runs the browser-mode host as its own process (`src/main/web/cli.ts` under tsx, the renderer
 * not needed), so a test can see whether the host itself survives, not just a function in it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 60_000;

export interface HostChild {
  /** The first stdout line: `http://127.0.0.1:<port>/?token=<token>`. */
  url: string;
  port: number;
  token: string;
  process: ChildProcess;
  stderr: () => string;
  /** Resolves with how the process ended, or null if it is still running after `ms`. */
  exitWithin(ms: number): Promise<{ code: number | null; signal: string | null } | null>;
  stop(): Promise<void>;
}

export async function startHostChild(extraArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<HostChild> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-security-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/main/web/cli.ts'), '--port', '0', '--data-dir', dataDir, ...extraArgs],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  let errText = '';
  child.stderr!.on('data', (chunk: Buffer) => (errText = (errText + chunk.toString()).slice(-8000)));
  let exit: { code: number | null; signal: string | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve((exit = { code, signal }))),
  );

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address within ${START_TIMEOUT_MS} ms\n${errText}`)), START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the host exited (${JSON.stringify(how)}) before printing its address\n${errText}`));
    });
  });
  child.stdout!.resume();
  const parsed = new URL(url);

  return {
    url,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token') ?? '',
    process: child,
    stderr: () => errText,
    exitWithin: (ms) =>
      Promise.race([exited, new Promise<{ code: number | null; signal: string | null } | null>((resolve) => setTimeout(() => resolve(exit), ms))]),
    stop: async () => {
      if (exit === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
