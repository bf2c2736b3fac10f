/**
 * Watch-only accounts through the bridge: a mistyped (wrong EIP-55 checksum) address is refused
 * with the reason instead of being re-cased into another wallet (issue 11, defect 7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import { callOk, startHarness, type Harness } from './coreHarness';

const CHECKSUMMED = '0x52908400098527886E0F7030069857D2E4169EE7';
const MISTYPED = '0x52908400098527886e0F7030069857D2E4169EE7';
let harness: Harness;

const dispatch = (channel: string, input: unknown) => harness.core.dispatch(channel, input, { clientId: 'test-window' });

beforeAll(async () => {
  harness = await startHarness({ simulate: false });
  await callOk(harness, 'createVault', { password: 'watch-only test password' });
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

describe('adding a watch-only address', () => {
  it('refuses a wrong checksum with the reason, and adds nothing', async () => {
    const result = await dispatch('addWatchOnlyAccount', { label: 'Typo', address: MISTYPED });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/The watched address has a wrong checksum \(EIP-55\)/) } });
    const state = await callOk<AccountsState>(harness, 'listAccounts', {});
    expect(state.accounts).toEqual([]);
  });

  it('refuses a funder with a wrong checksum the same way', async () => {
    const result = await dispatch('addWatchOnlyAccount', { label: 'Proxy', address: CHECKSUMMED, signatureType: 'PROXY', funder: MISTYPED });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/The funder address has a wrong checksum/) } });
  });

  it('takes the checksummed and the all-lowercase form, and stores the checksummed one', async () => {
    const added = await callOk<AccountsState>(harness, 'addWatchOnlyAccount', { label: 'Right', address: CHECKSUMMED.toLowerCase() });
    expect(added.accounts.at(-1)).toMatchObject({ kind: 'watchOnly', address: CHECKSUMMED });
  });
});
