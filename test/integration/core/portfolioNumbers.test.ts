/**
 * The portfolio's figures through the bridge against the real sandbox (docs/decisions/
 * 41-portfolio-numbers/): an own account's order-book cash (with what a resting order holds) is in
 * its total, a closed position's P&L is in the header's realised P&L as the Closed tab says it,
 * and all accounts are the sum of the accounts. The books hold still (no simulation), so two reads
 * price the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/start';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PortfolioFigures, PortfolioView } from '../../../src/shared/portfolioViews';
import type { BalanceView, PlacedOrder } from '../../../src/shared/tradingViews';
import type { EventDetail, EventsPage, OrderBookView } from '../../../src/shared/viewModels';
import { callOk, startHarness, waitForAsync, type Harness } from './coreHarness';

let harness: Harness;
let trader = '';
let watchId = '';
let tokenId = '';
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const cents = (value: string | null) => (value === null ? null : Math.round(Number(value) * 100));
const portfolio = (accountId: string, period = 'all') => call<PortfolioView>('getPortfolio', { target: { kind: 'account', accountId }, period });
const book = async () => (await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [tokenId] })).books[0]!;

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 300, simulate: false });
  await call('createVault', { password: 'portfolio numbers password' });
  const state = await call<AccountsState>('createAccount', { label: 'Trader' });
  trader = state.accounts[0]!.id;
  await call('createClobCredentials', {});
  const withWatch = await call<AccountsState>('addWatchOnlyAccount', { label: 'Casual', address: SANDBOX_HISTORY_WALLETS.small.address });
  watchId = withWatch.accounts.find((a) => a.kind === 'watchOnly')!.id;
  await call('switchAccount', { accountId: trader });
  const events = await call<EventsPage>('searchCatalogEvents', {});
  search: for (const event of events.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01')) {
      tokenId = market.outcomes[0]!.tokenId;
      const watched = await book();
      if (watched.bestAsk && watched.bestBid && Number(watched.bestBid) >= 0.1) break search;
    }
  }
  expect(tokenId).not.toBe('');
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

describe('the portfolio figures of an own account', () => {
  it('a fresh account credited 1,234.56 paper USD shows them as its cash and its total', async () => {
    await call('requestSandboxFunds', { amount: '1234.56' });
    const { totals } = await portfolio(trader);
    expect(totals).toMatchObject({ cash: '1234.56', cashInOrders: '0.00', value: '0.00', total: '1234.56', positions: 0 });
    expect(totals.missing.filter((m) => m.part === 'cash')).toEqual([]);
  });

  it('after a buy, Total = Cash + Value; a resting order\'s USD stays in cash, shown as held by orders', async () => {
    const bought = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'FOK', price: (await book()).bestAsk!, size: '10' } });
    expect(bought).toMatchObject({ success: true, status: 'matched' });
    const balance = await call<BalanceView>('refreshBalanceAllowance', {});
    const after = await waitForAsync(async () => {
      const view = await portfolio(trader);
      return view.positions.some((p) => p.tokenId === tokenId) ? view : null;
    }, 15_000);
    const { totals } = after;
    expect(cents(totals.cash)).toBe(cents(balance.collateral.balance));
    expect(cents(totals.total)).toBe(cents(totals.cash)! + cents(totals.value)!);
    expect(cents(totals.value)).toBeGreaterThan(0);

    const bid = (Math.max(0.01, Number((await book()).bestBid) - 0.05)).toFixed(2);
    const resting = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: bid, size: '20' } });
    expect(resting.success).toBe(true);
    const held = await waitForAsync(async () => {
      const view = await portfolio(trader);
      return cents(view.totals.cashInOrders)! > 0 ? view : null;
    }, 15_000);
    expect(cents(held.totals.cashInOrders)).toBe(Math.round(Number(bid) * 20 * 100));
    expect(held.totals.cash).toBe(totals.cash);
    expect(held.totals.total).toBe(totals.total);
    await call('cancelOrders', { orderIds: [resting.orderId] });
  }, 60_000);

  it('closing the position puts its P&L in the header\'s realised P&L, as the Closed tab says it', async () => {
    const shares = (await portfolio(trader)).positions.find((p) => p.tokenId === tokenId)!.size;
    const sold = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'SELL', orderType: 'FOK', price: (await book()).bestBid!, size: shares } });
    expect(sold).toMatchObject({ success: true, status: 'matched' });
    // The fill is synced into the local history by itself; the service lists the closed position.
    const view = await waitForAsync(async () => {
      const read = await portfolio(trader);
      return read.closed.some((c) => c.tokenId === tokenId) && read.totals.realisedPnl !== null && read.totals.realisedPnl !== '0.00' ? read : null;
    }, 20_000);
    const closed = view.closed.find((c) => c.tokenId === tokenId)!;
    expect(cents(view.totals.realisedPnl)).toBe(cents(closed.realizedPnl));
    expect((await portfolio(trader, '24h')).totals.realisedPnl).toBe(view.totals.realisedPnl);
    expect(view.positions.some((p) => p.tokenId === tokenId)).toBe(false);
    expect(view.totals.missing).toEqual([]);
  }, 60_000);
});

describe('all accounts', () => {
  it('are the sum of the accounts, figure by figure, the watch-only one without cash and saying so', async () => {
    const all = await call<PortfolioView>('getPortfolio', { target: { kind: 'all' } });
    const each = [await portfolio(trader), await portfolio(watchId)];
    const money: Array<keyof PortfolioFigures> = ['value', 'cost', 'unrealisedPnl', 'unpricedCost', 'redeemableValue', 'total'];
    for (const key of money) expect(cents(all.totals[key] as string), key).toBe(each.reduce((sum, v) => sum + cents(v.totals[key] as string)!, 0));
    expect(all.totals.cash).toBe(each[0]!.totals.cash);
    expect(all.totals.positions).toBe(each[0]!.totals.positions + each[1]!.totals.positions);
    expect(all.byWallet.map((w) => w.total)).toEqual(each.map((v) => v.totals.total));
    expect(all.totals.missing).toContainEqual({ wallet: 'Casual', part: 'cash', reason: expect.stringMatching(/watch-only account/) });
    // A position without a price has none of value, P&L or percentage, and says why.
    for (const p of all.positions.filter((row) => row.currentValue === null)) expect(p).toMatchObject({ cashPnl: null, percentPnl: null, unpricedReason: expect.stringMatching(/^No price: /) });
  }, 60_000);
});
