/**
 * Finding 2 of issue 10, the third case: two instances each budgeting 90% of one per-IP window.
 * One process owns a real network's budgets for this user; a second one (in another data folder,
 * in this process or another) is refused with a sentence naming the holder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import { acquireBudgetOwnerLock, networkKey } from '../../../src/main/core/net/budgetOwnerLock';

const LIGHT_KDF = { N: 2 ** 10, r: 8, p: 1 } as const;
const NOWHERE = { analytics: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9', catalog: 'http://127.0.0.1:9', perps: 'http://127.0.0.1:9' };
const ELSEWHERE = { ...NOWHERE, clob: 'http://127.0.0.1:10' };

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const coreOn = (urls: typeof NOWHERE, budgetLockDir: string, hostKind: string) =>
  createCore({
    dataDir: tempDir('marketdesk-owner-'),
    serviceUrls: { ...urls, label: 'Staging' },
    budgetLockDir,
    hostKind,
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
  });

describe('one owner of a network rate budget per user', () => {
  it('refuses a second core on the same network in another data folder, lets one on another network run, and frees it on stop', async () => {
    const lockDir = tempDir('marketdesk-runtime-');
    const first = await coreOn(NOWHERE, lockDir, 'first test core');
    await expect(coreOn(NOWHERE, lockDir, 'second test core')).rejects.toThrow(
      /Another Marketdesk, process \d+ \(first test core, started .*\), already uses the Staging network for this user/,
    );
    const other = await coreOn(ELSEWHERE, lockDir, 'other network');
    await other.stop();
    await first.stop();
    const again = await coreOn(NOWHERE, lockDir, 'after the first stopped');
    await again.stop();
  }, 30_000);

  it('refuses while another process holds the network, and not after it ended', async () => {
    const lockDir = tempDir('marketdesk-runtime-');
    const module = resolve(__dirname, '../../../src/main/core/net/budgetOwnerLock.ts');
    const script = `import { acquireBudgetOwnerLock } from ${JSON.stringify(module)};
      acquireBudgetOwnerLock(${JSON.stringify(NOWHERE)}, { root: ${JSON.stringify(lockDir)}, hostKind: 'child', networkLabel: 'Staging' });
      console.log('held'); process.stdin.on('data', () => process.exit(0));`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && done());
      child.on('exit', (code) => fail(new Error(`the child ended early (${code})`)));
    });
    const take = () => acquireBudgetOwnerLock(NOWHERE, { root: lockDir, hostKind: 'test', networkLabel: 'Staging' });
    expect(take).toThrow(/process \d+ \(child, started/);
    const ended = new Promise((done) => child.on('exit', done));
    child.stdin.write('bye\n');
    await ended;
    take().release();
  }, 30_000);

  it('keys the lock by the network, whatever the spelling of its URLs', () => {
    expect(networkKey({ ...NOWHERE, clob: 'http://127.0.0.1:9/' })).toBe(networkKey(NOWHERE));
    expect(networkKey(ELSEWHERE)).not.toBe(networkKey(NOWHERE));
  });
});
