/**
 * Issue 7, finding 8 (last item): the order-book API secret was decrypted from the vault on every
 * L2-signed request, scattering copies. Now it is decoded once per unlocked session and dropped
 * on lock. Counted on the real vault (the real getRecord still runs; the spy only counts) through
 * the real core against the real sandbox: many L2 requests read the credentials record once; a
 * locked vault refuses the request; after unlocking, the record is read again (the lock dropped it).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Vault } from '../../src/main/core/custody/vault';
import type { AccountsState } from '../../src/shared/custodyViews';
import { callOk, startHarness, type Harness } from '../integration/core/coreHarness';

const PASSWORD = 'l2 secret session password';
let harness: Harness;
let accountId = '';
const realGetRecord = Vault.prototype.getRecord;
const getRecord = vi.spyOn(Vault.prototype, 'getRecord');

const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
/** Reads of the account's order-book credentials record since the last reset. */
const credentialReads = () => getRecord.mock.calls.filter(([id]) => id === `clob:${accountId}`).length;

beforeAll(async () => {
  // No background polling: every L2 request in this file is one the test makes.
  harness = await startHarness({ activityPollMs: 3_600_000, simulate: false });
  await call('createVault', { password: PASSWORD });
  const accounts = await call<AccountsState>('createAccount', { label: 'Trader' });
  accountId = accounts.accounts[0]!.id;
  await call('createClobCredentials', {});
}, 60_000);
afterAll(async () => {
  getRecord.mockRestore();
  await harness?.stop();
});

describe('order-book API secret, once per unlocked session', () => {
  it('signs many L2 requests with one read of the credentials record', async () => {
    getRecord.mockClear();
    for (let i = 0; i < 6; i++) expect(await call<unknown[]>('listOpenOrders', {})).toEqual([]);
    expect(credentialReads()).toBeLessThanOrEqual(1);
  });

  it('refuses to sign an L2 request while locked, and re-reads the record after unlocking', async () => {
    await call('listOpenOrders', {});
    await call('lockVault');
    getRecord.mockClear();
    const result = await harness.core.dispatch('listOpenOrders', {}, { clientId: 'test-window' });
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error.code).toBe('locked');
    expect(credentialReads()).toBe(0);

    await call('unlockVault', { password: PASSWORD });
    getRecord.mockClear();
    await call('listOpenOrders', {});
    await call('listOpenOrders', {});
    // Exactly one read: the secret decoded before the lock was dropped with it.
    expect(credentialReads()).toBe(1);
  });

  it('a credentials read in flight while they rotate is not cached: later requests sign with the new key', async () => {
    // Nothing cached: a lock drops the decoded secret.
    await call('lockVault');
    await call('unlockVault', { password: PASSWORD });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The next read gets the record as it is now (the old key) and answers only after the rotation.
    getRecord.mockImplementationOnce(async function (this: Vault, id: string) {
      const record = await realGetRecord.call(this, id);
      await held;
      return record;
    });
    const inFlight = harness.core.dispatch('listOpenOrders', {}, { clientId: 'test-window' });
    await call('rotateClobCredentials');
    release();
    await inFlight;
    // Before: the stale read was cached after the rotation, and every request signed with the
    // revoked key until the next lock.
    for (let i = 0; i < 3; i++) expect(await call<unknown[]>('listOpenOrders', {})).toEqual([]);
  });
});
