import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { get } from './http';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CLI = 'src/sandbox/cli.ts';
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  firstLine: Promise<string>;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(command: string, args: string[]): Started {
  // Own process group, so cleanup can reach npx's grandchildren too.
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d.toString()));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve(out.slice(0, newline));
    });
    child.on('exit', () => reject(new Error(`exited before printing a line; stderr: ${err}`)));
  });
  firstLine.catch(() => undefined);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, firstLine, stderr: () => err, exit };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms))]);
}

afterEach(() => {
  // Never leave a sandbox behind, even when an assertion failed half-way.
  for (const child of children.splice(0)) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is already gone: everything exited cleanly.
    }
  }
});

describe('npm run sandbox (the CLI)', () => {
  it('prints the four URLs as the first stdout line, serves them, and exits 0 on SIGTERM', async () => {
    const cli = run('npx', ['tsx', CLI, '--port', '0', '--seed', '7']);
    const line = await within(cli.firstLine, 20_000, 'first stdout line');
    const urls = JSON.parse(line) as Record<string, string>;
    expect(Object.keys(urls)).toEqual(['analytics', 'clob', 'catalog', 'perps']);
    expect((await get(`${urls.clob}/ok`)).body).toBe('OK');
    expect((await get(`${urls.analytics}/v2/health`)).status).toBe(200);
    expect(cli.stderr()).toContain('[sandbox] pid ');
    // `npx` runs the CLI through `sh -c`, which does not pass signals on; signal the sandbox
    // process itself (its pid is on stderr), as a process manager would. npx then exits with its code.
    const pid = Number(/\[sandbox\] pid (\d+)/.exec(cli.stderr())![1]);
    process.kill(pid, 'SIGTERM');
    expect(await within(cli.exit, 10_000, 'exit after SIGTERM')).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toContain('stopped');
  }, 40_000);

  // `npm run sandbox` runs the CLI in one process (`node --import tsx`), not under the tsx
  // wrapper, whose signal relay gives up after 30 ms on a busy machine and exits 130 instead.
  it('stops on SIGINT (Ctrl+C) and exits 0', async () => {
    const cli = run(process.execPath, ['--import', 'tsx', CLI, '--port=0', '--seed=9', '--no-simulate', '--perps-weight-budget=300', '--funding-interval', '5']);
    const urls = JSON.parse(await within(cli.firstLine, 20_000, 'first stdout line')) as Record<string, string>;
    // The perps flags reach the exchange: its weight counters report the budget given.
    expect((await get(`${urls.perps}/sandbox/perps/weights`)).body).toMatchObject({ limit: 300, windowMs: 60_000 });
    cli.child.kill('SIGINT');
    expect(await within(cli.exit, 10_000, 'exit after SIGINT')).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toContain('perps funding every 5 s');
  }, 40_000);

  it('exits 2 with a one-line error for a bad flag', async () => {
    const cli = run(join(ROOT, 'node_modules', '.bin', 'tsx'), [CLI, '--port', 'eighty']);
    expect((await within(cli.exit, 20_000, 'exit on bad flag')).code).toBe(2);
    expect(cli.stderr().trim()).toBe('sandbox: --port must be an integer between 0 and 65532 (got "eighty")');
  }, 30_000);
});
