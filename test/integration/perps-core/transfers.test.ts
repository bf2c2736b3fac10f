/**
 * Transfers through the core against the real sandbox: between two of the user's accounts (both
 * histories show it, both accounts get perpsChanged), and a transfer the exchange refuses leaves
 * both histories as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PerpsAccountView, PerpsEquitySeries, PerpsHistorySyncState, PerpsPublicTradeView, PerpsTransferPreview, PerpsTransferResult, PerpsTransfersPage } from '../../../src/shared/perpsViews';
import { readFileSync } from 'node:fs';
import type { ExportResult, PortfolioView } from '../../../src/shared/portfolioViews';
import { SANDBOX_PERPS_INSTRUMENTS } from '../../../src/sandbox/start';
import { PERPS_INTERVAL_MS } from '../../../src/shared/protocol/perps';
import { eventsOf } from '../core/coreHarness';
import { fundAndSettle, startPerpsCore, type PerpsCoreHarness } from './perpsCoreHarness';

let h: PerpsCoreHarness;
let alpha: { id: string; address: string };
let beta: { id: string; address: string };

beforeAll(async () => {
  h = await startPerpsCore();
  alpha = await h.addAccountWithProxy('Alpha');
  beta = await h.addAccountWithProxy('Beta');
});
afterAll(async () => {
  await h?.stop();
});

const transfersOf = async (accountId: string) => {
  await h.call<PerpsHistorySyncState>('syncPerpsHistory', { accountId, kind: 'transfers' });
  return h.call<PerpsTransfersPage>('queryPerpsTransfers', { accountId });
};

describe('perps transfers through the core', () => {
  it('moves USDC between two own accounts, and both histories show it', async () => {
    const funded = await fundAndSettle(h, alpha.id, '1000');
    expect(funded.equity).toBe('1000');
    expect(funded.freeCollateral).toBe('1000');

    const preview = await h.call<PerpsTransferPreview>('previewPerpsTransfer', {
      fromAccountId: alpha.id, to: beta.address, asset: 'USDC', amount: '250.50', label: 'rent',
    });
    expect(preview.op).toEqual({
      type: 'internalTransfer',
      args: { account: alpha.address, token: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), amount: '250.5', to: beta.address },
    });
    expect(preview.amountUnits).toBe('250500000');
    expect(preview.toAccountLabel).toBe('Beta');
    expect(preview.recipient).toBe('own');
    expect(preview.domain.name).toBe('Marketdesk Sandbox Perps');

    const before = h.events.length;
    const result = await h.call<PerpsTransferResult>('sendPerpsTransfer', { previewId: preview.previewId });
    expect(result.alreadySettled).toBe(false);
    expect(result.transferId).toBeGreaterThan(0);
    const changed = eventsOf(h, 'perpsChanged').slice(0);
    const after = h.events.slice(before).filter((e) => e.event === 'perpsChanged').map((e) => e.payload);
    expect(after).toEqual(expect.arrayContaining([{ accountId: alpha.id, kind: 'transfers' }, { accountId: beta.id, kind: 'transfers' }]));
    expect(changed.length).toBeGreaterThanOrEqual(2);

    // A preview is sent once.
    const again = await h.core.dispatch('sendPerpsTransfer', { previewId: preview.previewId }, { clientId: 't' });
    expect(again.ok).toBe(false);

    const out = await transfersOf(alpha.id);
    expect(out.rows).toEqual([
      expect.objectContaining({ transferId: result.transferId, direction: 'out', amount: '-250.5', counterparty: beta.address.toLowerCase(), counterpartyAccountLabel: 'Beta', label: 'rent', asset: 'USDC' }),
    ]);
    const inbound = await transfersOf(beta.id);
    expect(inbound.rows).toEqual([
      expect.objectContaining({ transferId: result.transferId, direction: 'in', amount: '250.5', counterpartyAccountLabel: 'Alpha' }),
    ]);
    expect(inbound.sync.complete).toBe(true);

    // The export writes what the store holds, through the one-use download of browser mode.
    for (const format of ['csv', 'json'] as const) {
      const exported = await h.call<ExportResult>('exportPerpsTransfers', { accountId: alpha.id, format });
      expect(exported.rows).toBe(1);
      const download = h.core.takeDownload!(exported.downloadPath!.split('/').at(-1)!)!;
      const text = readFileSync(download.path, 'utf8');
      download.done();
      if (format === 'json') expect(JSON.parse(text)).toEqual([expect.objectContaining({ transferId: result.transferId, amount: '-250.5', label: 'rent' })]);
      else expect(text.split('\r\n')[1]).toMatch(new RegExp(`^${result.transferId},.*,out,USDC,-250.5,-250500000,${beta.address.toLowerCase()},Beta,rent$`));
    }
  });

  it('refuses a transfer beyond the account\'s collateral and leaves both histories unchanged', async () => {
    const beforeAlpha = await transfersOf(alpha.id);
    const beforeBeta = await transfersOf(beta.id);
    // The client's estimate is the latest equity; with a position open the exchange also holds its
    // initial margin back, so a transfer of nearly all the equity passes the client's check and is
    // refused by the exchange's.
    await h.call('setSandboxPerpsPosition', { accountId: alpha.id, instrumentId: SANDBOX_PERPS_INSTRUMENTS[0]!.id, size: '0.01' });
    h.step(1_000);
    const [view] = await h.call<PerpsAccountView[]>('listPerpsAccounts', { accountId: alpha.id });
    const amount = String(Math.floor(Number(view!.freeCollateral)) - 1);
    expect(Number(amount)).toBeGreaterThan(700);
    const preview = await h.call<PerpsTransferPreview>('previewPerpsTransfer', { fromAccountId: alpha.id, to: beta.address, asset: 'USDC', amount });
    const refused = await h.core.dispatch('sendPerpsTransfer', { previewId: preview.previewId }, { clientId: 't' });
    expect(refused).toEqual({ ok: false, error: expect.objectContaining({ message: 'The exchange refused: the transfer is larger than the account\'s free collateral.' }) });

    const afterAlpha = await transfersOf(alpha.id);
    const afterBeta = await transfersOf(beta.id);
    expect(afterAlpha.rows).toEqual(beforeAlpha.rows);
    expect(afterBeta.rows).toEqual(beforeBeta.rows);
    await h.call('setSandboxPerpsPosition', { accountId: alpha.id, instrumentId: SANDBOX_PERPS_INSTRUMENTS[0]!.id, size: '0' });
  });

  it('refuses drafts it can check itself, naming the problem, without sending anything', async () => {
    const refuse = async (draft: Record<string, unknown>) => {
      const result = await h.core.dispatch('previewPerpsTransfer', { fromAccountId: alpha.id, to: beta.address, asset: 'USDC', amount: '1', ...draft }, { clientId: 't' });
      expect(result.ok).toBe(false);
      return result.ok ? '' : result.error.message;
    };
    expect(await refuse({ amount: '1.1234567' })).toMatch(/USDC has 6 decimals/);
    expect(await refuse({ amount: '0' })).toMatch(/greater than zero/);
    expect(await refuse({ asset: 'DOGE' })).toMatch(/no collateral asset "DOGE"/);
    expect(await refuse({ to: alpha.address })).toMatch(/own address/);
    expect(await refuse({ amount: '5000' })).toMatch(/more than the free collateral/);
  });

  it('classifies the recipient: own only for an account whose key is in the vault; watch-only and unknown addresses are foreign', async () => {
    const watched = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    await h.call('addWatchOnlyAccount', { label: 'Watched', address: watched });
    const preview = (to: string) => h.call<PerpsTransferPreview>('previewPerpsTransfer', { fromAccountId: alpha.id, to, asset: 'USDC', amount: '1' });
    expect(await preview(beta.address)).toMatchObject({ recipient: 'own', toAccountLabel: 'Beta' });
    expect(await preview(watched)).toMatchObject({ recipient: 'foreign', toAccountLabel: 'Watched' });
    expect(await preview('0x000000000000000000000000000000000000dEaD')).toMatchObject({ recipient: 'foreign', toAccountLabel: null });
  });

  it('reads the public trade tape and equity klines of any interval', async () => {
    const trades = await h.call<PerpsPublicTradeView[]>('listPerpsTrades', { instrumentId: SANDBOX_PERPS_INSTRUMENTS[0]!.id, limit: 20 });
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.length).toBeLessThanOrEqual(20);
    for (const trade of trades) expect(trade.instrumentId).toBe(SANDBOX_PERPS_INSTRUMENTS[0]!.id);
    for (let i = 1; i < trades.length; i++) expect(trades[i - 1]!.at).toBeGreaterThanOrEqual(trades[i]!.at);
    // The account opened a minute ago (exchange time): the 1s and 1m klines have points since.
    for (const interval of ['1s', '1m'] as const) {
      const series = await h.call<PerpsEquitySeries>('getPerpsEquity', { accountId: alpha.id, interval, points: 3 });
      expect(series.interval).toBe(interval);
      expect(series.points.length).toBeGreaterThan(0);
      expect(series.points.length).toBeLessThanOrEqual(3);
      for (const point of series.points) expect(point.time % PERPS_INTERVAL_MS[interval]).toBe(0);
    }
    const refused = await h.core.dispatch('listPerpsTrades', { instrumentId: 999_999 }, { clientId: 't' });
    expect(refused).toEqual({ ok: false, error: expect.objectContaining({ message: 'The exchange does not know this instrument.' }) });
  });

  it('adds the accounts\' perps equity to the all-accounts portfolio total', async () => {
    h.step(61_000);
    const accounts = await h.call<PerpsAccountView[]>('listPerpsAccounts', {});
    // Beta holds what it was sent; Alpha the rest, moved by the P&L its short-lived position realised.
    expect(accounts.map((a) => a.label)).toEqual(['Alpha', 'Beta']);
    const [alphaEquity, betaEquity] = accounts.map((a) => a.equity);
    expect(betaEquity).toBe('250.5');
    expect(Math.abs(Number(alphaEquity) - 749.5)).toBeLessThan(20);
    const portfolio = await h.call<PortfolioView>('getPortfolio', { target: { kind: 'all' } });
    // Each account's equity to the cent, summed exactly; and part of the total (docs/decisions/41-portfolio-numbers/).
    const cents = (value: string | null | undefined) => Math.round(Number(value) * 100);
    expect(cents(portfolio.totals.perpsEquity)).toBe(cents(alphaEquity) + cents(betaEquity));
    expect(cents(portfolio.totals.total)).toBe(cents(portfolio.totals.cash ?? '0') + cents(portfolio.totals.value) + cents(portfolio.totals.perpsEquity));
  });
});
