/**
 * Order-book trading end to end through the bridge: two accounts funded by the sandbox faucet,
 * a resting order filled by a crossing order from the other account, every order type, the
 * exchange modes, cancels, trades paged to the end, balances moving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { BalanceView, FillNotification, OpenOrderView, OrderPreview, OrderTicket, PlacedOrder, TradeView, TradingState } from '../../../src/shared/tradingViews';
import type { EventDetail, EventsPage, OrderBookView } from '../../../src/shared/viewModels';
import { callOk, eventsOf, startHarness, waitFor, type Harness } from './coreHarness';

const PASSWORD = 'trading test password';
let harness: Harness;
let accounts: AccountsState;
let tokenId = '';
const tick = '0.01';

const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const failure = async (channel: string, input: unknown = {}) => {
  const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
};
const useAccount = (index: number) => call('switchAccount', { accountId: accounts.accounts[index]!.id });

/** A price `ticks` ticks away from `price`, as a decimal string on the tick. */
function offset(price: string, ticks: number): string {
  const decimals = tick.split('.')[1]?.length ?? 0;
  return (Number(price) + ticks * Number(tick)).toFixed(decimals);
}

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 300, simulate: false });
  await call('createVault', { password: PASSWORD });
  await call('createAccount', { label: 'Maker' });
  accounts = await call<AccountsState>('createAccount', { label: 'Taker' });
  for (const index of [0, 1]) {
    await useAccount(index);
    await call('createClobCredentials', {});
    await call('requestSandboxFunds', { amount: '5000' });
  }
  const events = await call<EventsPage>('searchCatalogEvents', {});
  // A market on a 0.01 tick whose spread leaves room to improve the bid.
  search: for (const event of events.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01')) {
      tokenId = market.outcomes[0]!.tokenId;
      const current = await book();
      if (Number(current.bestAsk) - Number(current.bestBid) >= 0.025) break search;
    }
  }
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

async function book(): Promise<OrderBookView> {
  const watched = await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [tokenId] });
  return watched.books[0]!;
}

describe('trading through the bridge against the sandbox', () => {
  it('funds both accounts with paper USD', async () => {
    await useAccount(0);
    const balance = await call<BalanceView>('getBalanceAllowance', {});
    expect(Number(balance.collateral.balance)).toBeGreaterThanOrEqual(5000);
  });

  it('previews a ticket with exact amounts and the reasons it would be refused', async () => {
    const ticket: OrderTicket = { tokenId, side: 'BUY', orderType: 'GTC', price: '0.5', size: '21.04' };
    const preview = await call<OrderPreview>('previewOrder', { ticket });
    expect(preview).toMatchObject({ makerAmount: '10520000', takerAmount: '21040000', shares: '21.04', notional: '10.52', problems: [] });
    const bad = await call<OrderPreview>('previewOrder', { ticket: { ...ticket, price: '0.505', size: '1' } });
    expect(bad.problems.map((problem) => problem.text).join(' ')).toMatch(/multiple of the tick size 0.01/);
    expect(bad.problems.map((problem) => problem.text).join(' ')).toMatch(/below the market's minimum/);
    const tooBig = await call<OrderPreview>('previewOrder', { ticket: { ...ticket, size: '100000' } });
    expect(tooBig.problems.map((problem) => problem.text).join(' ')).toMatch(/Not enough USD/);
    expect(await failure('previewOrder', { ticket: { ...ticket, orderType: 'FOK', postOnly: true } })).toMatchObject({ code: 'invalid_input', message: /post-only is only for GTC and GTD/ });
  });

  it('rests a limit order, fills it from the other account, and moves trades and balances', async () => {
    await useAccount(0);
    const current = await book();
    // Best bid after it rests, so the crossing SELL meets it first.
    const restPrice = offset(current.bestBid!, 1);
    const before = await call<BalanceView>('refreshBalanceAllowance', { tokenId });
    const resting = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: restPrice, size: '10' } });
    expect(resting).toMatchObject({ success: true, status: 'live' });
    const open = await call<OpenOrderView[]>('listOpenOrders', {});
    expect(open.map((o) => o.id)).toContain(resting.orderId);
    await waitFor(() => eventsOf(harness, 'openOrdersChanged').some((e) => e.orders.some((o) => o.id === resting.orderId)));

    // The taker needs shares to sell into the bid: buy them first at the ask.
    await useAccount(1);
    const ask = (await book()).bestAsk!;
    const bought = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'FOK', price: ask, size: '10' } });
    expect(bought).toMatchObject({ success: true, status: 'matched' });
    const sold = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'SELL', orderType: 'FAK', price: restPrice, size: '10' } });
    expect(sold.success).toBe(true);

    await useAccount(0);
    const trades = await call<TradeView[]>('listAccountTrades', {});
    expect(trades.some((t) => t.role === 'maker' && t.price === restPrice)).toBe(true);
    const after = await call<BalanceView>('refreshBalanceAllowance', { tokenId });
    expect(Number(after.collateral.balance)).toBeLessThan(Number(before.collateral.balance));
    expect(Number(after.conditional?.balance)).toBeGreaterThan(Number(before.conditional?.balance ?? 0));
    expect(eventsOf(harness, 'jobProgressed').some((p) => p.kind === 'trades' && p.done)).toBe(true);

    // The maker's fill notices are its own, and dismissing one removes it.
    let own: FillNotification[] = [];
    for (let attempt = 0; attempt < 100 && own.length === 0; attempt++) {
      own = (await call<FillNotification[]>('listFillNotifications')).filter((f) => f.orderId === resting.orderId);
      if (own.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await call('dismissFillNotifications', { ids: [own[0]!.id] })).toEqual({ dismissed: 1 });
    const left = await call<FillNotification[]>('listFillNotifications');
    expect(left.filter((f) => f.orderId === resting.orderId)).toHaveLength(own.length - 1);
  });

  it('places a quote grid of up to 15 orders in one batch and cancels them in one request', async () => {
    await useAccount(0);
    const bid = (await book()).bestBid!;
    const tickets = Array.from({ length: 5 }, (_, i) => ({ tokenId, side: 'BUY' as const, orderType: 'GTC' as const, price: offset(bid, -5 - i), size: '5' }));
    const placed = await call<PlacedOrder[]>('placeOrders', { tickets });
    expect(placed.every((p) => p.success)).toBe(true);
    const result = await call<{ canceled: string[] }>('cancelOrders', { orderIds: placed.map((p) => p.orderId) });
    expect(result.canceled.sort()).toEqual(placed.map((p) => p.orderId).sort());
    expect(await failure('placeOrders', { tickets: Array.from({ length: 16 }, () => tickets[0]) })).toMatchObject({ code: 'invalid_input', message: /at most 15 orders/ });
  });

  it('rejects a crossing post-only order locally, and a FOK that cannot fill', async () => {
    await useAccount(0);
    const current = await book();
    expect(await failure('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: current.bestAsk!, size: '5', postOnly: true } })).toMatchObject({
      message: /must not cross the book/,
    });
    expect(await failure('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'FOK', price: offset(current.bestBid!, -2), size: '5' } })).toMatchObject({
      message: /fill-or-kill order needs/,
    });
  });

  it('follows the exchange modes: cancel-only refuses orders locally, post-only allows post-only orders', async () => {
    await useAccount(0);
    const bid = (await book()).bestBid!;
    const ticket = { tokenId, side: 'BUY', orderType: 'GTC', price: offset(bid, -4), size: '5' };
    let state = await call<TradingState>('setSandboxExchangeMode', { mode: 'cancel-only' });
    expect(state.mode).toBe('cancel-only');
    expect(await failure('placeOrder', { ticket })).toMatchObject({ message: /cancel-only mode/ });

    state = await call<TradingState>('setSandboxExchangeMode', { mode: 'post-only', retryAfterSeconds: 60 });
    expect(state).toMatchObject({ mode: 'post-only' });
    expect(await failure('placeOrder', { ticket })).toMatchObject({ message: /only post-only orders/ });
    const postOnly = await call<PlacedOrder>('placeOrder', { ticket: { ...ticket, postOnly: true } });
    expect(postOnly.success).toBe(true);

    await call('setSandboxExchangeMode', { mode: 'normal' });
    const all = await call<{ canceled: string[] }>('cancelAllOrders', {});
    expect(all.canceled).toContain(postOnly.orderId);
  });

  it('keeps a heartbeat going when asked, and turns it off', async () => {
    await useAccount(0);
    const on = await call<TradingState>('setHeartbeat', { enabled: true });
    expect(on.heartbeat).toMatchObject({ enabled: true, lastOk: true });
    expect(on.heartbeat.intervalMs).toBeLessThan(10_000);
    const off = await call<TradingState>('setHeartbeat', { enabled: false });
    expect(off.heartbeat.enabled).toBe(false);
  });

  it('shows price history for the chart', async () => {
    const history = await call<Array<{ t: number; p: number }>>('getPriceHistory', { tokenId, interval: '1d' });
    expect(history.length).toBeGreaterThan(10);
  });

  it('refuses trading when locked or watch-only, with the reason', async () => {
    await call('lockVault');
    expect(await failure('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.1', size: '5' } })).toMatchObject({ code: 'locked' });
    await call('unlockVault', { password: PASSWORD });
  });
});
