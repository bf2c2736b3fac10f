/**
 * Issue 7 finding 9, the sandbox half: both embedded sandboxes of two hosts shared one state
 * file, and a standalone sandbox took no lock either. Now a sandbox locks its state file before
 * reading it (a second one names the first and exits non-zero), and a save never writes over
 * content it did not read (compare and swap), so even a writer past the lock loses nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxStateStore, type StateSection } from '../../src/sandbox/state/stateStore';
import { cleanUpChildren, runTsx, tempDir as tempDirWithPrefix, until } from './support/tsxChildren';

const tempDir = () => tempDirWithPrefix('marketdesk-sandbox-lock-');

afterEach(cleanUpChildren);

function sandboxCli(stateFile: string) {
  return runTsx(['src/sandbox/cli.ts', '--port', '0', '--no-simulate', '--state-file', stateFile]);
}

function counterSection(): StateSection & { bump(): void } {
  let value = 0;
  let changed = () => {};
  return {
    key: 'counter',
    encode: () => ({ value }),
    decode: (stored) => () => {
      value = (stored as { value: number }).value;
    },
    watch: (listener) => {
      changed = listener;
    },
    bump: () => {
      value += 1;
      changed();
    },
  };
}

describe('one sandbox per state file', () => {
  it('a second standalone sandbox on the same state file names the first and exits non-zero', async () => {
    const stateFile = join(tempDir(), 'state.json');
    const first = sandboxCli(stateFile);
    await until(() => first.stdout().includes('"clob"'), 'the first sandbox to serve');

    const second = sandboxCli(stateFile);
    const served = until(() => second.stdout().includes('"clob"'), 'the second sandbox', 60_000).then(() => 'served' as const);
    const outcome = await Promise.race([second.exited.then(({ code }) => code), served]);
    expect(outcome, 'the second sandbox started serving on a state file the first one owns').not.toBe('served');
    expect(outcome).toBe(1);
    expect(second.stderr()).toContain(`process ${first.child.pid}`);
    expect(first.child.exitCode).toBeNull();
  }, 120_000);

  it('a save never writes over a state file another writer changed after it was read', async () => {
    const file = join(tempDir(), 'state.json');
    const counter = counterSection();
    const lines: string[] = [];
    const store = await SandboxStateStore.open(file, [counter], { saveDelayMs: 5, log: (line) => lines.push(line) });
    counter.bump();
    await store.flush();
    expect(store.stats()).toEqual({ writes: 1, failedWrites: 0 });

    // A writer that got past the lock (another machine on a shared folder, a restored backup…).
    const theirs = `${JSON.stringify({ format: 'marketdesk-sandbox-state', version: 1, savedAt: '2026-11-01T00:00:00.000Z', counter: { value: 41 }, apiKeys: 'theirs' })}\n`;
    writeFileSync(file, theirs);
    counter.bump();
    await store.flush();
    expect(store.stats().failedWrites).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(theirs);
    expect(lines.some((line) => line.includes('changed by another process'))).toBe(true);
    await store.close();
    expect(readFileSync(file, 'utf8')).toBe(theirs);
  });
});
