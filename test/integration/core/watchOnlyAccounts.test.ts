/**
 * Watch-only accounts through the bridge: a mistyped (wrong EIP-55 checksum) address is refused
 * with the reason instead of being re-cased into another wallet (issue 11, defect 7); a watched
 * wallet shows its public positions and history, locked or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { HistorySyncState, PortfolioView } from '../../../src/shared/portfolioViews';
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

describe('a watched wallet', () => {
  it('shows its public positions and history, and keeps showing them while the vault is locked', async () => {
    const wallet = SANDBOX_HISTORY_WALLETS.small;
    const added = await callOk<AccountsState>(harness, 'addWatchOnlyAccount', { label: 'Public', address: wallet.address });
    const accountId = added.accounts.at(-1)!.id;
    await callOk(harness, 'switchAccount', { accountId });
    const target = { kind: 'account', accountId };
    const unlocked = await callOk<PortfolioView>(harness, 'getPortfolio', { target });
    expect(unlocked.wallets).toEqual([expect.objectContaining({ accountId, watchOnly: true })]);
    expect(unlocked.positions.length).toBeGreaterThan(0);

    await callOk(harness, 'lockVault', {});
    const locked = await callOk<PortfolioView>(harness, 'getPortfolio', { target });
    expect(locked.positions.length).toBe(unlocked.positions.length);
    const history = await callOk<HistorySyncState>(harness, 'syncActivityHistory', { address: wallet.address });
    expect(history).toMatchObject({ rows: wallet.rows, complete: true });
  });
});
