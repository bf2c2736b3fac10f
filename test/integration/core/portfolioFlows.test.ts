/**
 * Portfolio and history through the bridge against the real sandbox: a trade placed in the app
 * shows in the account's positions (live book price) and, by itself after the fill, in the local
 * history (exactly the new rows); all accounts with a watch-only wallet; any address read-only;
 * the value series; the boards; and the last synced portfolio when the service is out of reach.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_FILE_NAME } from '../../../src/main/core/history/historyDatabase';
import { AnalyticsClient } from '../../../src/main/core/analytics/analyticsClient';
import { syncActivityQuery } from '../../../src/main/core/history/feedSources';
import { HttpClient } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type {
  ActivityPageView, ApprovalView, BoardPage, BuilderRankView, BuilderVolumeBucketView, ComboActivityView, HistorySyncState,
  PortfolioHistoryView, PortfolioView, WinnerView,
} from '../../../src/shared/portfolioViews';
import { edgeWindowsFor } from '../../../src/shared/protocol/edgeLimits';
import type { PlacedOrder } from '../../../src/shared/tradingViews';
import type { EventDetail, EventsPage, OrderBookView } from '../../../src/shared/viewModels';
import { callOk, eventsOf, startHarness, waitFor, waitForAsync, type Harness } from './coreHarness';

const PASSWORD = 'portfolio test password';
const TRADER_KEY = '0x5c2c6b3a1f8e4d7b9a0c1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b';
let harness: Harness;
let trader: { id: string; address: string };
let watchId = '';
let tokenId = '';
const small = SANDBOX_HISTORY_WALLETS.small.address;
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const micro = (value: string | null) => Math.round(Number(value ?? 0) * 1e6);

async function serviceKeys(address: string): Promise<string[]> {
  const http = new HttpClient({ urls: () => harness.sandbox.urls, budget: new RateBudget(), windowsFor: (s, m, p) => edgeWindowsFor(s as 'analytics', m, p) });
  const client = new AnalyticsClient(http);
  const keys: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await client.activity(syncActivityQuery(address), { cursor, limit: 1000 });
    keys.push(...page.rows.map((r) => `${r.block_timestamp}:${r.sequence_id}`));
    cursor = page.pagination.next_cursor;
  } while (cursor !== null);
  return keys;
}

async function allStoredKeys(address: string): Promise<string[]> {
  const keys: string[] = [];
  const types = ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'CONVERSION', 'REWARD', 'DEPOSIT', 'WITHDRAWAL', 'TIP'];
  for (let offset = 0; ; offset += 500) {
    const page = await call<ActivityPageView>('queryActivity', { address, filter: { types }, offset, limit: 500 });
    keys.push(...page.rows.map((r) => r.key));
    if (keys.length >= page.total) return keys;
  }
}

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 300, simulate: false });
  await call('createVault', { password: PASSWORD });
  // A known key, so the test can look for it (and the vault password) in the history store's files.
  const state = await call<AccountsState>('importPrivateKeyAccount', { label: 'Trader', privateKey: TRADER_KEY });
  trader = { id: state.accounts[0]!.id, address: state.accounts[0]!.address };
  await call('createClobCredentials', {});
  await call('requestSandboxFunds', { amount: '2000' });
  const withWatch = await call<AccountsState>('addWatchOnlyAccount', { label: 'Casual', address: small });
  watchId = withWatch.accounts.find((a) => a.kind === 'watchOnly')!.id;
  await call('switchAccount', { accountId: trader.id });
  const events = await call<EventsPage>('searchCatalogEvents', {});
  search: for (const event of events.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01')) {
      const watched = await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [market.outcomes[0]!.tokenId] });
      if (watched.books[0]?.bestAsk && watched.books[0].bestBid) {
        tokenId = market.outcomes[0]!.tokenId;
        break search;
      }
    }
  }
  expect(tokenId).not.toBe('');
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

const buy = async (size: string) => {
  const ask = (await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [tokenId] })).books[0]!.bestAsk!;
  const placed = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'FOK', price: ask, size } });
  expect(placed).toMatchObject({ success: true, status: 'matched' });
};

describe('portfolio and history through the bridge', () => {
  it('a trade placed in the app shows in Portfolio and, after its fill, in the history: exactly the new rows', async () => {
    const first = await call<HistorySyncState>('syncActivityHistory', { address: trader.address });
    expect(first).toMatchObject({ rows: 0, complete: true });
    for (const [round, size] of [[1, '10'], [2, '5']] as const) {
      const before = (await call<HistorySyncState>('getHistorySyncState', { address: trader.address })).rows;
      const expected = await serviceKeys(trader.address);
      await buy(size);
      // Nobody asks for a sync: the fill notice triggers it, and `historyChanged` tells the view.
      const changed = await waitFor(() => eventsOf(harness, 'historyChanged').find((s) => s.wallet === trader.address.toLowerCase() && s.rows > before), 15_000);
      const now = await serviceKeys(trader.address);
      const added = now.filter((key) => !expected.includes(key));
      expect(added.length, `round ${round}: the service lists the fill`).toBeGreaterThan(0);
      expect(changed.rows).toBe(before + added.length);
      expect((await allStoredKeys(trader.address)).sort()).toEqual(now.sort());
    }
    const page = await call<ActivityPageView>('queryActivity', { address: trader.address, filter: { types: ['TRADE'] } });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => [r.type, r.side, r.tokenId, r.size])).toEqual([['TRADE', 'BUY', tokenId, '5'], ['TRADE', 'BUY', tokenId, '10']]);

    const portfolio = await call<PortfolioView>('getPortfolio', { target: { kind: 'account', accountId: trader.id } });
    expect(portfolio.stale).toBeNull();
    expect(portfolio.wallets).toEqual([{ address: trader.address, accountId: trader.id, label: 'Trader', watchOnly: false }]);
    const position = portfolio.positions.find((p) => p.tokenId === tokenId)!;
    expect(position).toMatchObject({ size: '15', priceSource: 'book', tradable: true, redeemable: false });
    const book = (await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [tokenId] })).books[0]!;
    expect(Number(position.curPrice)).toBeCloseTo(Number(book.midpoint), 6);
    expect(Number(position.currentValue)).toBeCloseTo(15 * Number(book.midpoint), 4);
    expect(Number(position.cashPnl)).toBeCloseTo(Number(position.currentValue) - Number(position.initialValue), 4);
    expect(portfolio.totals.positions).toBe(portfolio.positions.length);
  }, 60_000);

  it('all accounts include the watch-only wallet, and totals are the sums of the positions', async () => {
    const all = await call<PortfolioView>('getPortfolio', { target: { kind: 'all' } });
    expect(all.wallets.map((w) => [w.accountId, w.watchOnly])).toEqual([[trader.id, false], [watchId, true]]);
    const ofWatch = all.positions.filter((p) => p.wallet.accountId === watchId);
    expect(ofWatch.length).toBeGreaterThan(0);
    const priced = all.positions.filter((p) => p.currentValue !== null && p.initialValue !== null);
    expect(micro(all.totals.value)).toBe(priced.reduce((sum, p) => sum + micro(p.currentValue), 0));
    expect(micro(all.totals.redeemableValue)).toBe(all.positions.filter((p) => p.redeemable).reduce((sum, p) => sum + micro(p.currentValue), 0));
    expect(all.positions.filter((p) => p.redeemable).every((p) => p.priceSource !== 'book')).toBe(true);
    expect(all.closed.length).toBeGreaterThan(0);

    const lookedUp = await call<PortfolioView>('getPortfolio', { target: { kind: 'address', address: SANDBOX_HISTORY_WALLETS.tiny.address } });
    expect(lookedUp.wallets).toEqual([{ address: SANDBOX_HISTORY_WALLETS.tiny.address, accountId: null, label: null, watchOnly: true }]);
  }, 60_000);

  it('the value series is worked back from the stored history and says how, after syncing it', async () => {
    const target = { kind: 'account', accountId: watchId };
    // A wallet never synced is synced first, as a job: the answer says so, and a later one has the days.
    const first = await call<PortfolioHistoryView>('getPortfolioHistory', { target, range: '3m' });
    expect(first).toMatchObject({ points: [], syncing: { wallet: small.toLowerCase() } });
    expect(first.method).toMatch(/being synced/);
    const series = await waitForAsync(async () => {
      const answer = await call<PortfolioHistoryView>('getPortfolioHistory', { target, range: '3m' });
      return answer.syncing === null ? answer : null;
    }, 30_000);
    expect(series.method).toMatch(/^Each point is what the wallet held at the end of that day \(UTC\), worked back from today's positions/);
    expect(series.method).toMatch(/The last point is now: the Value in the header/);
    expect(series.points.length).toBeGreaterThanOrEqual(90);
    for (let i = 1; i < series.points.length; i++) expect(series.points[i]!.time).toBeGreaterThan(series.points[i - 1]!.time);
    expect(series.points.every((p) => Number.isFinite(p.value) && p.value >= 0)).toBe(true);
    expect(series.points.some((p) => p.value > 0)).toBe(true);
    // Synced as part of the series: the store now holds the whole wallet, its trades included.
    expect(await call<HistorySyncState>('getHistorySyncState', { address: small })).toMatchObject({ rows: SANDBOX_HISTORY_WALLETS.small.rows, complete: true });
    const client = new AnalyticsClient(new HttpClient({ urls: () => harness.sandbox.urls, budget: new RateBudget(), windowsFor: (s, m, p) => edgeWindowsFor(s as 'analytics', m, p) }));
    let trades = 0;
    let cursor: string | null = null;
    do {
      const page = await client.trades({ user: small, start: 1 }, { cursor, limit: 1000 });
      trades += page.rows.length;
      cursor = page.pagination.next_cursor;
    } while (cursor !== null);
    const db = new DatabaseSync(join(harness.dataDir, HISTORY_FILE_NAME), { readOnly: true });
    expect(db.prepare('SELECT count(*) AS n FROM trades WHERE wallet = ?').get(small.toLowerCase())).toEqual({ n: trades });
    db.close();
  }, 60_000);

  it('combo activity, approvals and the boards map onto their views', async () => {
    const combos = await call<BoardPage<ComboActivityView>>('listComboActivity', { address: small, limit: 50 });
    expect(combos.rows).toHaveLength(50);
    expect(combos.nextCursor).not.toBeNull();
    const next = await call<BoardPage<ComboActivityView>>('listComboActivity', { address: small, cursor: combos.nextCursor });
    expect(next.rows[0]!.key).not.toBe(combos.rows[0]!.key);
    expect((await call<ApprovalView[]>('listApprovals', { address: small })).length).toBeGreaterThan(0);
    const winners = await call<BoardPage<WinnerView>>('listBiggestWinners', { period: 'all', category: 'combos', limit: 20 });
    expect(winners.rows.length).toBeGreaterThan(0);
    expect(winners.rows.every((w) => w.kind === 'combo' && w.eventSlug === null && w.title.includes(' / '))).toBe(true);
    const builders = await call<BoardPage<BuilderRankView>>('listBuildersLeaderboard', { period: 'all', limit: 5 });
    expect(builders.rows.map((b) => b.rank)).toEqual([1, 2, 3, 4, 5]);
    const volume = await call<BuilderVolumeBucketView[]>('getBuilderVolume', { interval: 'week', buckets: 4 });
    expect(volume).toHaveLength(4);
    expect(volume[0]!.bucketStart).toBeGreaterThan(volume[1]!.bucketStart);
    expect(volume[0]!.rows.map((r) => r.rank)).toEqual(volume[0]!.rows.map((_, i) => i + 1));
  }, 60_000);

  it('the history store holds public data only: no key, password or credential in its files', async () => {
    await call('lockVault', {});
    const files = readdirSync(harness.dataDir).filter((name) => name.startsWith(HISTORY_FILE_NAME));
    expect(files).toContain(HISTORY_FILE_NAME);
    const secrets = [TRADER_KEY.slice(2), TRADER_KEY.slice(2).toUpperCase(), PASSWORD, Buffer.from(TRADER_KEY.slice(2), 'hex').toString('latin1')];
    for (const name of files) {
      const bytes = readFileSync(join(harness.dataDir, name)).toString('latin1');
      for (const secret of secrets) expect({ name, holdsSecret: bytes.includes(secret) }).toEqual({ name, holdsSecret: false });
    }
    // Positions and history of the trader are there (the store is not empty by accident).
    expect((await call<HistorySyncState>('getHistorySyncState', { address: trader.address })).rows).toBeGreaterThan(0);
  });

  it('when the service is out of reach, the last synced portfolio shows, marked stale with its age', async () => {
    const fresh = await call<PortfolioView>('getPortfolio', { target: { kind: 'account', accountId: watchId } });
    await harness.sandbox.stop();
    const stale = await call<PortfolioView>('getPortfolio', { target: { kind: 'account', accountId: watchId } });
    expect(stale.stale?.reason).toMatch(/could not be reached.*showing Casual as last synced \d+ s ago/);
    expect(stale.asOf).toBe(fresh.asOf);
    expect(stale.positions.map((p) => [p.tokenId, p.size])).toEqual(fresh.positions.map((p) => [p.tokenId, p.size]));
    // Never synced and unreachable: a clear error, not an empty portfolio.
    const failed = await harness.core.dispatch('getPortfolio', { target: { kind: 'address', address: SANDBOX_HISTORY_WALLETS.medium.address } }, { clientId: 'test' });
    expect(failed).toMatchObject({ ok: false, error: { code: 'network' } });
  }, 60_000);
});
