/**
 * Finding 2 of issue 7: twenty concurrent password guesses through the bridge were all evaluated
 * (twenty scrypt runs at 128 MiB each, the host grew from 172 MiB to 2.7 GiB) and none was
 * throttled. Now every check takes one path: one check in flight per session, one derivation in
 * flight per process, the attempt counted before deriving, the rest refused with `throttled`.
 * This runs the real core with the vault's real scrypt cost, so the memory measured is real.
 */
import type * as Scrypt from '@noble/hashes/scrypt.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VAULT_SCRYPT } from '../../src/main/core/custody';
import type { AccountsState, VaultState } from '../../src/shared/custodyViews';
import { callOk, startHarness, type Harness } from '../integration/core/coreHarness';
import { derivations, peakRssGrowth } from './derivationCounter';

vi.mock('@noble/hashes/scrypt.js', async (importOriginal) => {
  const { counted } = await import('./derivationCounter');
  const real = await importOriginal<typeof Scrypt>();
  return { ...real, scryptAsync: counted(real.scryptAsync) };
});

const PASSWORD = 'correct horse battery staple';
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const MiB = 1024 * 1024;

let harness: Harness;
let accountId: string;
const dispatch = (channel: string, input: unknown) => harness.core.dispatch(channel, input, { clientId: 'attacker-window' });

beforeAll(async () => {
  harness = await startHarness({ vaultKdf: DEFAULT_VAULT_SCRYPT, simulate: false });
  await callOk(harness, 'createVault', { password: PASSWORD });
  const state = await callOk<AccountsState>(harness, 'importPrivateKeyAccount', { label: 'Target', privateKey: KEY });
  accountId = state.accounts[0]!.id;
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

describe('password guessing through the bridge', () => {
  it('20 concurrent wrong confirmations: one evaluated, 19 throttled, one derivation at a time, memory bounded', async () => {
    derivations.reset();
    const { result: results, growthBytes } = await peakRssGrowth(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => dispatch('removeAccount', { accountId, password: `wrong guess ${i}` }))),
    );
    const codes = results.map((r) => (r.ok ? 'ok' : r.error.code));
    const counts = { wrong_password: codes.filter((c) => c === 'wrong_password').length, throttled: codes.filter((c) => c === 'throttled').length };
    console.info(`20 guesses: ${JSON.stringify(counts)}, derivations ${derivations.started}, peak in flight ${derivations.peak}, RSS growth ${Math.round(growthBytes / MiB)} MiB`);

    expect(counts).toEqual({ wrong_password: 1, throttled: 19 });
    expect(derivations.peak).toBe(1);
    expect(derivations.started).toBe(1);
    expect(growthBytes).toBeLessThan(300 * MiB);
    for (const result of results) {
      if (!result.ok && result.error.code === 'throttled') {
        expect(result.error.message).toMatch(/^Too many password attempts: try again in \d+ s\.$/);
      }
    }
    // Nothing was removed.
    expect((await callOk<AccountsState>(harness, 'listAccounts', {})).accounts.map((a) => a.id)).toEqual([accountId]);
  }, 120_000);

  it('unlock shares the same path: a flood of wrong unlocks derives one key at a time and is throttled after 3', async () => {
    await callOk(harness, 'unlockVault', { password: PASSWORD }).catch(() => undefined); // resets the count from the test above
    await callOk(harness, 'lockVault', {});
    derivations.reset();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => dispatch('unlockVault', { password: `wrong guess ${i}` })));
    const codes = results.map((r) => (r.ok ? 'ok' : r.error.code));
    expect(derivations.peak).toBe(1);
    expect(codes.filter((c) => c === 'wrong_password').length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 'throttled').length).toBeGreaterThanOrEqual(17);
    const state = await callOk<VaultState>(harness, 'getVaultState', {});
    expect(state).toMatchObject({ unlocked: false });
    expect(state.retryAfterMs).toBeGreaterThan(0);
  }, 120_000);
});
