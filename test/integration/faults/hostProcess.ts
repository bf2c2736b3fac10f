/**
 * The browser-mode host as a user runs it (`src/main/web/cli.ts` in a process of its own, with
 * the embedded sandbox), spoken to over its real WebSocket bridge. The fault tests watch that
 * process: a fault the host does not survive ends it, which `alive()` and `exitCode()` show.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { EventName } from '../../../src/shared/contract';
import type { BridgeResult } from '../../../src/shared/result';
import type { HostFrame } from '../../../src/shared/webSocketProtocol';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CLI = join(ROOT, 'src/main/web/cli.ts');
const START_TIMEOUT_MS = 60_000;
const CALL_TIMEOUT_MS = 60_000;

export interface HostProcess {
  pid: number;
  alive(): boolean;
  exitCode(): number | null;
  stderr(): string;
  call<T = unknown>(channel: string, input?: unknown): Promise<BridgeResult<T>>;
  /** The events pushed so far, newest last. */
  events(name: EventName): unknown[];
  stop(): Promise<void>;
}

function spawnHost(dataDir: string): { child: ChildProcess; stderr: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--no-open', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let errText = '';
  child.stderr!.on('data', (chunk: Buffer) => (errText = (errText + chunk.toString()).slice(-8_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => errText, exited };
}

/** Runs a host that is expected not to start; resolves with its exit code and what it printed. */
export async function runFailingHost(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { child, stderr, exited } = spawnHost(dataDir);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  const code = await exited;
  clearTimeout(timer);
  return { code, stdout, stderr: stderr() };
}

export async function startHostProcess(dataDir: string): Promise<HostProcess> {
  const { child, stderr, exited } = spawnHost(dataDir);
  let exitCode: number | null = null;
  let gone = false;
  void exited.then((code) => {
    exitCode = code;
    gone = true;
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the host printed no address within ${START_TIMEOUT_MS / 1000} s; stderr: ${stderr()}`)), START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      resolve(new URL(out.slice(0, newline).trim()));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited (${code}) before printing its address; stderr: ${stderr()}`));
    });
  });
  const token = url.searchParams.get('token') ?? '';
  const socket = new WebSocket(`ws://127.0.0.1:${url.port}/bridge?token=${encodeURIComponent(token)}`, { headers: { origin: url.origin } });
  const frames: HostFrame[] = [];
  const waiting = new Map<number, (result: BridgeResult<unknown>) => void>();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as HostFrame;
    if (frame.kind === 'reply') waiting.get(frame.id)?.(frame.result);
    else frames.push(frame);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  return {
    pid: child.pid!,
    alive: () => !gone && socket.readyState === WebSocket.OPEN,
    exitCode: () => exitCode,
    stderr,
    call: <T>(channel: string, input: unknown = {}) => {
      const id = nextId++;
      return new Promise<BridgeResult<T>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${channel} got no reply within ${CALL_TIMEOUT_MS / 1000} s (host alive: ${!gone}); stderr: ${stderr()}`)), CALL_TIMEOUT_MS);
        waiting.set(id, (result) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(result as BridgeResult<T>);
        });
        socket.send(JSON.stringify({ kind: 'call', id, channel, input }));
      });
    },
    events: (name) => frames.filter((frame) => frame.kind === 'event' && frame.event === name).map((frame) => (frame as { payload: unknown }).payload),
    stop: async () => {
      socket.close();
      if (gone) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
