import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WriteStep } from '../../../src/main/core/custody/atomicWrite';
import { createVault, openVault } from '../../../src/main/core/custody/vault';
import { payloadFor } from './crashPayloads';

/**
 * DESIGN.md invariant 5: a crash at any point leaves the old or the new vault, never a broken
 * one. A child node process rewrites a vault in a loop and is SIGKILLed — at a random moment in half
 * of the trials, and at each step inside the atomic write (cycled) in the other half. After
 * every kill the vault is opened and unlocked here and must hold exactly the records of the last
 * completed write, or of the write in flight; it must never need its backup copy.
 */

const TRIALS = 200;
// Children spend much of their life in process start-up and fsync waits, so four lanes keep two cores busy.
const LANES = 4;
const PASSWORD = 'crash test password';
const LIGHT_KDF = { N: 2 ** 10, r: 8, p: 1 }; // passed explicitly: this test is about files, not KDF cost
const writerSource = path.join(__dirname, 'crashWriter.ts');
const STEPS: Array<WriteStep> = ['temp-written', 'temp-synced', 'backup-kept', 'renamed', 'directory-synced'];

type Message = { start?: string[]; begin?: number; op?: 'put' | 'delete'; id?: string; done?: number };

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

/**
 * How the child is started. `node --import tsx crashWriter.ts` costs ~0.7 s of CPU per start
 * (tsx's loader hooks run for each of a few hundred modules), which makes 200 trials take over
 * two minutes on two cores. So the writer is transpiled and bundled once with esbuild — the
 * transformer tsx itself uses, installed with it — and each child is a plain `node writer.mjs`
 * (~0.25 s). If esbuild cannot be loaded, the children fall back to `node --import tsx`.
 */
let childArgs: string[] = ['--import', 'tsx', writerSource];
beforeAll(async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketdesk-crash-writer-'));
  dirs.push(dir);
  try {
    const { build } = await import('esbuild');
    const outfile = path.join(dir, 'crashWriter.mjs');
    await build({ entryPoints: [writerSource], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node24', logLevel: 'silent' });
    childArgs = [outfile];
  } catch (error) {
    console.warn(`crash safety: esbuild unavailable (${(error as Error).message}); children run under tsx and are slower`);
  }
}, 60_000);

function runUntilKilled(file: string, firstId: number, plan: { delayMs: number } | { write: number; step: WriteStep }): Promise<Message[]> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, FIRST_ID: String(firstId) };
    if ('write' in plan) Object.assign(env, { CRASH_AT_WRITE: String(plan.write), CRASH_AT_STEP: plan.step });
    const child = spawn(process.execPath, [...childArgs, file, PASSWORD], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (timer === undefined && 'delayMs' in plan && out.includes('"start"')) {
        timer = setTimeout(() => child.kill('SIGKILL'), plan.delayMs);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(guard);
      clearTimeout(timer);
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited without being killed: ${err.slice(0, 500)}`));
      resolve(out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Message));
    });
  });
}

/** The record lists the file may legitimately hold: after the last completed write, or after the one in flight. */
function allowedStates(start: string[], messages: Message[]): string[][] {
  let done = [...start];
  let inFlight: string[] | null = null;
  for (const m of messages) {
    if (m.begin !== undefined && m.id) {
      inFlight = m.op === 'put' ? [...done, m.id] : done.filter((id) => id !== m.id);
    } else if (m.done !== undefined && inFlight) {
      done = inFlight;
      inFlight = null;
    }
  }
  return inFlight ? [done, inFlight] : [done];
}

/**
 * The lanes share this process, and a process derives one key at a time (kdfGate.ts): a lane's
 * unlock is refused `throttled` (uncounted) while another lane's key derivation runs, and a
 * create waits behind at most two. Each lane waits its turn, as a user would.
 */
async function whenKdfFree<T>(derive: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await derive();
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'throttled' || attempt >= 500) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
}

async function lane(laneIndex: number, trials: number): Promise<{ writes: number; outcomes: Record<string, number> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `marketdesk-crash-${laneIndex}-`));
  dirs.push(dir);
  const file = path.join(dir, 'vault.json');
  (await whenKdfFree(() => createVault(file, PASSWORD, { kdf: LIGHT_KDF }))).lock();
  let known: string[] = [];
  let nextId = 0;
  let writes = 0;
  const outcomes: Record<string, number> = { old: 0, new: 0 };

  for (let trial = 0; trial < trials; trial++) {
    const plan =
      trial % 2 === 0
        ? { delayMs: Math.floor(Math.random() * 30) }
        : { write: Math.floor(Math.random() * 3), step: STEPS[Math.floor(trial / 2) % STEPS.length] as WriteStep };
    const messages = await runUntilKilled(file, nextId, plan);
    const start = messages[0]?.start;
    expect(start, 'the writer opened the vault the previous trial left').toEqual(known);
    const allowed = allowedStates(known, messages);
    writes += messages.filter((m) => m.done !== undefined).length;
    nextId += messages.filter((m) => m.op === 'put').length;

    const vault = await openVault(file);
    expect(vault.recoveredFromBackup, 'the main file was never broken').toBeNull();
    await whenKdfFree(() => vault.unlockWithPassword(PASSWORD));
    const ids = vault.listRecords().map((r) => r.id);
    const matched = allowed.findIndex((state) => JSON.stringify(state) === JSON.stringify(ids));
    expect(matched, `trial ${trial}: records ${ids.join(',')} are neither the old nor the new state`).toBeGreaterThanOrEqual(0);
    if (allowed.length === 2) outcomes[matched === 0 ? 'old' : 'new'] = (outcomes[matched === 0 ? 'old' : 'new'] ?? 0) + 1;
    for (const id of ids) {
      const record = await vault.getRecord(id);
      expect(record.kind === 'clobCredentials' && record.credentials).toEqual(payloadFor(id));
    }
    vault.lock();
    known = ids;
  }
  return { writes, outcomes };
}

describe('vault crash safety', () => {
  it(`survives ${TRIALS} SIGKILLs of a writer at random points`, async () => {
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i, TRIALS / LANES)));
    const writes = results.reduce((n, r) => n + r.writes, 0);
    const oldCount = results.reduce((n, r) => n + (r.outcomes.old ?? 0), 0);
    const newCount = results.reduce((n, r) => n + (r.outcomes.new ?? 0), 0);
    console.info(
      `crash safety: ${TRIALS} kills, ${writes} completed writes, killed mid-write ${oldCount + newCount} times ` +
        `(old state ${oldCount}, new state ${newCount}), ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // Both outcomes must actually occur, or the kills are not landing inside writes.
    expect(oldCount).toBeGreaterThan(0);
    expect(newCount).toBeGreaterThan(0);
  }, 180_000);
});
