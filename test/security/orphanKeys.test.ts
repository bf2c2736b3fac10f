/**
 * Issue 7 finding 9, the vault/accounts pair: a key is written to the vault, then its account to
 * accounts.json; a kill between the two left signing keys with no account (2 of 48 runs),
 * invisible and impossible to remove. A child process creates accounts in a loop and is
 * SIGKILLed — exactly at that boundary in half of the trials, at a random moment in the other
 * half — and after every kill a real core is started on the folder: every signing key in the
 * vault must belong to an account the app lists, and every key account must have its key or be
 * visibly marked `keyMissing`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../src/main/core/accounts/accountRegistry';
import { reconcileAccounts } from '../../src/main/core/accounts/reconcileAccounts';
import { createCore } from '../../src/main/core/createCore';
import { createMemoryOsKeyStore, openVault } from '../../src/main/core/custody';
import { silentLogger } from '../../src/main/core/log';
import type { AccountsState } from '../../src/shared/custodyViews';

const TRIALS = 40;
const LANES = 2;
const PASSWORD = 'orphan keys test password';
const LIGHT_KDF = { N: 2 ** 10, r: 8, p: 1 };
const writerSource = join(__dirname, 'fixtures/accountWriter.ts');
// Nothing listens there: the core's pollers fail fast and quietly; this test is about files.
const NOWHERE = { analytics: 'http://127.0.0.1:9', clob: 'http://127.0.0.1:9', catalog: 'http://127.0.0.1:9', perps: 'http://127.0.0.1:9' };

type Message = { start?: number; begin?: number; done?: number };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The writer bundled once with esbuild (as crashSafety.test.ts does): a plain `node` child starts in a fraction of tsx's time. */
let childArgs: string[] = ['--import', 'tsx', writerSource];
beforeAll(async () => {
  // Under node_modules, so the one native package left out of the bundle (the keychain binding) resolves.
  const cache = join(__dirname, '../../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'marketdesk-orphan-writer-'));
  dirs.push(dir);
  try {
    const { build } = await import('esbuild');
    const outfile = join(dir, 'accountWriter.mjs');
    await build({
      entryPoints: [writerSource], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node24', logLevel: 'silent', external: ['@napi-rs/keyring'],
    });
    childArgs = [outfile];
  } catch (error) {
    console.warn(`orphan keys: esbuild unavailable (${(error as Error).message}); children run under tsx`);
  }
}, 60_000);

function runUntilKilled(dataDir: string, plan: { delayMs: number } | { killAt: number }): Promise<Message[]> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...('killAt' in plan ? { KILL_AT_ACCOUNT: String(plan.killAt) } : {}) };
    const child = spawn(process.execPath, [...childArgs, dataDir, PASSWORD], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (timer === undefined && 'delayMs' in plan && out.includes('"start"')) timer = setTimeout(() => child.kill('SIGKILL'), plan.delayMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(guard);
      clearTimeout(timer);
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited without being killed: ${err.slice(0, 800)}`));
      resolve(out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Message));
    });
  });
}

/**
 * A core on a network nobody serves. Lanes run in parallel on the same (unreachable) network, so
 * each takes the one-process-per-network budget lock in a folder of its own.
 */
const nowhereOptions = (dataDir: string) => ({
  dataDir, serviceUrls: { ...NOWHERE, label: 'Nowhere' }, log: silentLogger, budgetLockDir: join(dataDir, 'budget-lock'),
});

/** Starts a real core on the folder (as the next launch would) and checks the pair. */
async function restartAndCheck(dataDir: string, trial: string): Promise<{ accounts: number; recovered: number }> {
  const core = await createCore({ ...nowhereOptions(dataDir), osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF });
  try {
    const result = await core.dispatch('listAccounts', {}, { clientId: 'orphan-test' });
    if (!result.ok) throw new Error(`listAccounts failed: ${result.error.message}`);
    const { accounts } = result.value as AccountsState;
    const records = (await openVault(join(dataDir, 'marketdesk.vault'))).listRecords().filter((r) => r.kind === 'signingKey');
    const listed = new Set(accounts.map((a) => a.id));
    const invisible = records.filter((r) => !listed.has(r.accountId));
    expect(invisible.map((r) => r.hint), `${trial}: signing keys with no account the app shows`).toEqual([]);
    for (const account of accounts) {
      const hasKey = records.some((r) => r.accountId === account.id);
      expect({ account: account.label, visible: hasKey || account.keyMissing === true }, `${trial}: a key account without its key must be marked`).toEqual({ account: account.label, visible: true });
      if (hasKey) expect(records.find((r) => r.accountId === account.id)!.hint).toBe(account.address);
    }
    return { accounts: accounts.length, recovered: accounts.filter((a) => a.label.startsWith('Recovered account 0x')).length };
  } finally {
    await core.stop();
  }
}

async function lane(index: number, trials: number): Promise<{ boundaryKills: number; recovered: number; accounts: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), `marketdesk-orphans-${index}-`));
  dirs.push(dataDir);
  let boundaryKills = 0;
  let last = { accounts: 0, recovered: 0 };
  for (let trial = 0; trial < trials; trial += 1) {
    const plan = trial % 2 === 0 ? { killAt: Math.floor(Math.random() * 3) } : { delayMs: Math.floor(Math.random() * 120) };
    const messages = await runUntilKilled(dataDir, plan);
    expect(messages[0]?.start, `lane ${index} trial ${trial}: the writer found every account the last restart listed`).toBe(last.accounts);
    if ('killAt' in plan) {
      // The child died in creation `killAt`, after its key was written and before its account was.
      expect(messages.some((m) => m.begin === plan.killAt) && !messages.some((m) => m.done === plan.killAt)).toBe(true);
      boundaryKills += 1;
    }
    last = await restartAndCheck(dataDir, `lane ${index} trial ${trial}`);
  }
  return { boundaryKills, ...last };
}

describe('the vault and accounts.json stay a pair across kills', () => {
  it(`no signing key is left without a visible account after ${TRIALS} SIGKILLs`, async () => {
    const results = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i, TRIALS / LANES)));
    const boundaryKills = results.reduce((n, r) => n + r.boundaryKills, 0);
    const recovered = results.reduce((n, r) => n + r.recovered, 0);
    // Every kill at the boundary left a key without an account, and each was adopted.
    expect(boundaryKills).toBe(TRIALS / 2);
    expect(recovered).toBeGreaterThanOrEqual(boundaryKills);
    console.info(`orphan keys: ${TRIALS} kills (${boundaryKills} at the boundary), ${recovered} keys recovered as accounts, ${results.reduce((n, r) => n + r.accounts, 0)} accounts in all`);
  }, 300_000);

  it('an account whose key is missing from the vault is listed, marked, and can be removed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-keymissing-'));
    dirs.push(dataDir);
    const options = { ...nowhereOptions(dataDir), osKeyStore: createMemoryOsKeyStore(), vaultKdf: LIGHT_KDF };
    let core = await createCore(options);
    const call = async <T>(channel: string, input: unknown = {}) => {
      const result = await core.dispatch(channel, input, { clientId: 'orphan-test' });
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
      return result.value as T;
    };
    await call('createVault', { password: PASSWORD });
    const { accounts } = await call<AccountsState>('createAccount', { label: 'Main' });
    const main = accounts[0]!;
    // The removal killed half-way: the vault lost the key, accounts.json kept the account.
    const vault = await openVault(join(dataDir, 'marketdesk.vault'));
    await vault.unlockWithPassword(PASSWORD);
    await vault.deleteRecordsOfAccount(main.id);
    vault.lock();
    await core.stop();

    core = await createCore(options);
    const listed = await call<AccountsState>('listAccounts');
    expect(listed.accounts).toEqual([expect.objectContaining({ id: main.id, label: 'Main', keyMissing: true })]);
    await call('unlockVault', { password: PASSWORD });
    const after = await call<AccountsState>('removeAccount', { accountId: main.id, password: PASSWORD });
    expect(after.accounts).toEqual([]);
    await core.stop();
  }, 60_000);

  it('reconciling: the mark goes when the key is back, and a key an account already shows is not adopted twice', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-reconcile-'));
    dirs.push(dataDir);
    const registry = new AccountRegistry(dataDir);
    const address = '0x12B12C36Abf964aD13ADa6E80906e27EC802Ce4B';
    registry.add({ id: 'acc-1', label: 'Main', address, kind: 'key', signatureType: 'EOA', funder: null, createdAt: 1, clobCredentials: null, perpsProxies: [] });
    const keyRecord = { id: 'key:acc-1', kind: 'signingKey' as const, accountId: 'acc-1', createdAt: '2026-11-01T00:00:00.000Z', hint: address };

    expect(reconcileAccounts(registry, [], silentLogger).keyMissing.map((a) => a.id)).toEqual(['acc-1']);
    expect(new AccountRegistry(dataDir).get('acc-1').keyMissing).toBe(true);
    expect(reconcileAccounts(registry, [keyRecord], silentLogger)).toEqual({ adopted: [], keyMissing: [] });
    expect(new AccountRegistry(dataDir).get('acc-1')).not.toHaveProperty('keyMissing');

    // The same address under another account id: the account the user sees already has it.
    const twin = { ...keyRecord, id: 'key:acc-2', accountId: 'acc-2' };
    expect(reconcileAccounts(registry, [keyRecord, twin], silentLogger).adopted).toEqual([]);
    const orphan = { ...keyRecord, id: 'key:acc-3', accountId: 'acc-3', hint: '0x00000000000000000000000000000000000000a1' };
    const { adopted } = reconcileAccounts(registry, [keyRecord, orphan], silentLogger);
    expect(adopted).toEqual([expect.objectContaining({ id: 'acc-3', label: expect.stringMatching(/^Recovered account 0x0000…00a1$/i), kind: 'key', signatureType: 'EOA', createdAt: Date.parse(orphan.createdAt) })]);
    expect(new AccountRegistry(dataDir).all().map((a) => a.id)).toEqual(['acc-1', 'acc-3']);
  });
});
