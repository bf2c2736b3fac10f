/**
 * Risk limits through the bridge against the real sandbox: off by default there; turned on and
 * lowered without any confirmation; a refused order, grid or amend reaches nothing (the sandbox's
 * own request counters do not move) and names the limit; the daily limits count the fills the
 * exchange reports; the kill switch cancels every account's orders and stops heartbeats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { KillSwitchResult, RiskLimits, RiskStateView } from '../../../src/shared/riskLimits';
import type { AmendResult, OpenOrderView, OrderPreview, OrderTicket, PlacedOrder, TradingState } from '../../../src/shared/tradingViews';
import type { RouteCounters } from '../../../src/sandbox/faults/faultInjector';
import type { EventDetail, EventsPage, OrderBookView } from '../../../src/shared/viewModels';
import { callOk, startHarness, type Harness } from './coreHarness';

let harness: Harness;
let accounts: AccountsState;
let tokenId = '';

const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
async function failure(channel: string, input: unknown = {}) {
  const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
}
const accountId = (index: number) => accounts.accounts[index]!.id;
const useAccount = (index: number) => call('switchAccount', { accountId: accountId(index) });
const setLimits = (index: number, limits: Partial<RiskLimits>) => call<RiskStateView>('setRiskLimits', { accountId: accountId(index), networkId: 'sandbox', limits });
const allOff: RiskLimits = { maxOrderNotionalUsd: null, maxOpenOrders: null, maxPositionShares: null, maxPositionUsd: null, maxDailyNotionalUsd: null, dailyLossStopUsd: null };
const resting = (price: string, size = '10'): OrderTicket => ({ tokenId, side: 'BUY', orderType: 'GTC', price, size });
/** Asks for the risk state until it satisfies `ready` (the fills read behind the answers). */
async function waitForState(ready: (state: RiskStateView) => boolean): Promise<RiskStateView> {
  let last: RiskStateView | null = null;
  for (let tries = 0; tries < 50; tries += 1) {
    last = await call<RiskStateView>('getRiskState', { tokenId });
    if (last.usage && ready(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the risk state never settled: ${JSON.stringify(last?.usage)}`);
}
const book = async () => (await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [tokenId] })).books[0]!;

/** Requests the sandbox's order-book server received on one route (its own counters). */
async function arrived(method: string, path: string): Promise<number> {
  const { routes } = (await (await fetch(`${harness.sandbox.urls.clob}/sandbox/faults`)).json()) as { routes: RouteCounters[] };
  return routes.find((r) => r.service === 'clob' && r.method === method && r.path === path)?.requests ?? 0;
}

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 300, simulate: false });
  await call('createVault', { password: 'risk limits password' });
  for (const label of ['Alpha', 'Beta']) {
    accounts = await call<AccountsState>('createAccount', { label });
    await useAccount(accounts.accounts.length - 1);
    await call('createClobCredentials', {});
    await call('requestSandboxFunds', { amount: '5000' });
  }
  // A third account never gets credentials: the kill switch reports it.
  accounts = await call<AccountsState>('createAccount', { label: 'Gamma' });
  await useAccount(0);
  // A market on a 0.01 tick with both sides in its book, the bid well above the resting test orders.
  const page = await call<EventsPage>('searchCatalogEvents', {});
  search: for (const event of page.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01')) {
      tokenId = market.outcomes[0]!.tokenId;
      const { bestBid, bestAsk } = await book();
      if (bestAsk && Number(bestBid) >= 0.1) break search;
    }
  }
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

describe('risk limits on the sandbox', () => {
  it('are off by default, and are turned on and lowered without any confirmation', async () => {
    const state = await call<RiskStateView>('getRiskState', { tokenId });
    expect(state).toMatchObject({ networkId: 'sandbox', isSandbox: true, limits: allOff, usingDefaults: true, raisingNeedsConfirmation: false });
    expect(state.usage).toMatchObject({ openOrders: 0, tradedTodayUsd: '0', realisedTodayUsd: '0', position: { tokenId, shares: '0', usd: '0' } });
    // The harness's core has no confirmation surface (refusingConfirmations): these still pass.
    const set = await setLimits(0, { maxOrderNotionalUsd: '1000', maxOpenOrders: '3' });
    expect(set.limits).toMatchObject({ maxOrderNotionalUsd: '1000', maxOpenOrders: '3', maxPositionShares: null });
    expect(set.usingDefaults).toBe(false);
    expect((await setLimits(0, { maxOrderNotionalUsd: '900' })).limits.maxOrderNotionalUsd).toBe('900');
    expect(harness.events.some((e) => e.event === 'riskLimitsChanged')).toBe(true);
    expect(await failure('setRiskLimits', { accountId: accountId(0), networkId: 'custom', limits: { maxOpenOrders: '1' } })).toMatchObject({ code: 'conflict' });
  });

  it('refuses an order above the order notional before it is signed: nothing reaches the exchange', async () => {
    await setLimits(0, { maxOrderNotionalUsd: '1000' });
    const ticket = resting('0.05', '25000');
    const preview = await call<OrderPreview>('previewOrder', { ticket });
    expect(preview.problems).toEqual([]);
    expect(preview.riskLimit).toBe("This order's notional 1,250.00 USD is above your maximum order notional of 1,000.00 USD on Sandbox.");
    const before = await arrived('POST', '/order');
    expect(await failure('placeOrder', { ticket })).toEqual({
      code: 'risk_limit',
      retryable: false,
      message: "This order's notional 1,250.00 USD is above your maximum order notional of 1,000.00 USD on Sandbox. Nothing was signed.",
    });
    expect(await arrived('POST', '/order')).toBe(before);
    // At the limit it goes through.
    const placed = await call<PlacedOrder>('placeOrder', { ticket: resting('0.05', '20000') });
    expect(placed.success).toBe(true);
    await call('cancelOrder', { orderId: placed.orderId });
  });

  it('refuses a grid that would pass the open-order limit as a whole, naming the orders that cross it', async () => {
    const one = await call<PlacedOrder>('placeOrder', { ticket: resting('0.02') });
    const before = await arrived('POST', '/orders');
    const grid = ['0.03', '0.04', '0.05'].map((price) => resting(price));
    expect(await failure('placeOrders', { tickets: grid })).toMatchObject({
      code: 'risk_limit',
      message: 'This grid would take your open orders to 4, above your maximum open orders of 3 on Sandbox (order 3 of the 3 crosses it). Nothing was signed.',
    });
    expect(await arrived('POST', '/orders')).toBe(before);
    expect((await call<OpenOrderView[]>('listOpenOrders', {})).map((o) => o.id)).toEqual([one.orderId]);
    // Two fit (3 in all, at the limit), counted at once though the poller has not read them yet.
    const two = await call<PlacedOrder[]>('placeOrders', { tickets: grid.slice(0, 2) });
    expect(two.every((p) => p.success)).toBe(true);
    expect(await failure('placeOrder', { ticket: resting('0.06') })).toMatchObject({ code: 'risk_limit', message: expect.stringContaining('open orders to 4, above your maximum open orders of 3') });
  });

  it('lets an amend at the limit through (the replaced order no longer counts) and refuses one whose replacement crosses a limit, cancelling nothing', async () => {
    const open = await call<OpenOrderView[]>('listOpenOrders', {});
    expect(open).toHaveLength(3);
    const target = open.find((o) => o.price === '0.02')!;
    const amended = await call<AmendResult>('amendOrder', { orderId: target.id, price: '0.07' });
    expect(amended.state).toBe('amended');

    const cancelsBefore = await arrived('DELETE', '/order');
    const ordersBefore = await arrived('POST', '/order');
    expect(await failure('amendOrder', { orderId: amended.placed!.orderId, size: '20000' })).toMatchObject({
      code: 'risk_limit',
      message: expect.stringMatching(/^Order 0x[0-9a-f]{6}…[0-9a-f]{4} was not changed: the replacement order's notional 1,400\.00 USD is above your maximum order notional of 1,000\.00 USD on Sandbox\. Nothing was cancelled or signed\.$/),
    });
    expect([await arrived('DELETE', '/order'), await arrived('POST', '/order')]).toEqual([cancelsBefore, ordersBefore]);
    expect((await call<OpenOrderView[]>('listOpenOrders', {})).map((o) => o.id)).toContain(amended.placed!.orderId);
    await call('cancelAllOrders', {});
    await setLimits(0, allOff);
  });

  it('counts orders sent at once against each other: of three sent together under a limit of two, one is refused', async () => {
    await setLimits(0, { ...allOff, maxOpenOrders: '2' });
    const answers = await Promise.all(['0.02', '0.03', '0.04'].map((price) => harness.core.dispatch('placeOrder', { ticket: resting(price) }, { clientId: 'test-window' })));
    const placed = answers.flatMap((answer) => (answer.ok ? [answer.value as PlacedOrder] : []));
    const refused = answers.flatMap((answer) => (answer.ok ? [] : [answer.error]));
    expect(placed.map((p) => p.success)).toEqual([true, true]);
    expect(refused).toEqual([expect.objectContaining({ code: 'risk_limit', message: expect.stringContaining('open orders to 3, above your maximum open orders of 2') })]);
    expect(await call<OpenOrderView[]>('listOpenOrders', {})).toHaveLength(2);
    // Once answered, they count as the open orders they are, not twice.
    await call('cancelOrder', { orderId: placed[0]!.orderId });
    expect((await call<PlacedOrder>('placeOrder', { ticket: resting('0.05') })).success).toBe(true);
    await call('cancelAllOrders', {});
    await setLimits(0, allOff);
  });

  it("counts today's fills for the daily notional, the position and the loss stop, and never stops a sell", async () => {
    // Alpha buys 20 at the ask and sells 10 back at the bid: the spread on 10 is today's realised loss.
    const { bestAsk, bestBid } = await book();
    expect([bestBid, bestAsk]).toEqual([expect.any(String), expect.any(String)]);
    const bought = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'FOK', price: bestAsk!, size: '20' } });
    const sellingAt = Date.now();
    const sold = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'SELL', orderType: 'FOK', price: bestBid!, size: '10' } });
    expect([bought.success, sold.success]).toEqual([true, true]);
    const traded = Number(bought.makingAmount) + Number(sold.takingAmount);
    const loss = (Number(bought.makingAmount) / 20) * 10 - Number(sold.takingAmount);
    expect(loss).toBeGreaterThan(0);
    // The answers count at once; the exchange's own list of trades (read behind them) says the same.
    const state = await waitForState((s) => Math.abs(Number(s.usage!.tradedTodayUsd) - traded) < 1e-6 && s.usage!.fillsReadAt! >= sellingAt);
    expect(Number(state.usage!.realisedTodayUsd)).toBeCloseTo(-loss, 6);
    expect(Number(state.usage!.position!.shares)).toBeCloseTo(10, 6);

    // Daily notional: a buy that takes it past the limit is refused; one that reaches it is not.
    await setLimits(0, { maxDailyNotionalUsd: (Math.ceil((traded + 1) * 100) / 100).toFixed(2) });
    expect((await call<OrderPreview>('previewOrder', { ticket: resting('0.02', '100') })).riskLimit).toMatch(
      /^This order would take today's traded notional \(UTC day\) to [\d,.]+ USD, above your maximum traded notional per day of [\d,.]+ USD on Sandbox\.$/,
    );
    expect((await call<OrderPreview>('previewOrder', { ticket: resting('0.02', '50') })).riskLimit).toBeUndefined();

    // Position: 10 held; 5 more reaches the limit, 6 passes it.
    await setLimits(0, { maxDailyNotionalUsd: null, maxPositionShares: '15' });
    expect((await call<OrderPreview>('previewOrder', { ticket: resting('0.02', '5') })).riskLimit).toBeUndefined();
    expect((await call<OrderPreview>('previewOrder', { ticket: resting('0.02', '6') })).riskLimit).toBe(
      'This order would take your position in this outcome (held and on open buy orders) to 16.00 shares, above your maximum position per market of 15.00 shares on Sandbox.',
    );

    // Loss stop: above the loss, buying goes on; at (or under) it, buying stops and selling does not.
    const stopAt = Math.floor(loss * 100) / 100;
    await setLimits(0, { maxPositionShares: null, dailyLossStopUsd: (stopAt + 0.01).toFixed(2) });
    expect((await call<OrderPreview>('previewOrder', { ticket: resting('0.02', '5') })).riskLimit).toBeUndefined();
    await setLimits(0, { dailyLossStopUsd: stopAt.toFixed(2) });
    const before = await arrived('POST', '/order');
    expect(await failure('placeOrder', { ticket: resting('0.02', '5') })).toMatchObject({
      code: 'risk_limit',
      message: expect.stringMatching(/^Today's realised loss of [\d.]+ USD has reached your daily loss stop of [\d.]+ USD on Sandbox: until 00:00 UTC only orders that sell shares you hold are accepted\. Nothing was signed\.$/),
    });
    expect(await arrived('POST', '/order')).toBe(before);
    expect((await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'SELL', orderType: 'GTC', price: '0.99', size: '10' } })).success).toBe(true);
    await call('cancelAllOrders', {});
    await setLimits(0, allOff);
  });
});

describe('the kill switch', () => {
  it("cancels every account's open orders on the network, stops heartbeats, and reports the account without credentials", async () => {
    await useAccount(1);
    const beta = await call<PlacedOrder[]>('placeOrders', { tickets: [resting('0.02'), resting('0.03')] });
    await call<TradingState>('setHeartbeat', { enabled: true });
    await useAccount(0);
    const alpha = await call<PlacedOrder>('placeOrder', { ticket: resting('0.04') });
    expect((await call<TradingState>('setHeartbeat', { enabled: true })).heartbeat.enabled).toBe(true);
    const cancelAllBefore = await arrived('DELETE', '/cancel-all');

    expect(await failure('killSwitch', { networkId: 'custom' })).toMatchObject({ code: 'conflict' });
    const result = await call<KillSwitchResult>('killSwitch', { networkId: 'sandbox' });
    expect(result.networkLabel).toBe('Sandbox');
    expect(result.accounts.map((a) => [a.label, a.outcome, [...a.canceled].sort(), a.heartbeatStopped])).toEqual([
      ['Alpha', 'cancelled', [alpha.orderId], true],
      ['Beta', 'cancelled', beta.map((p) => p.orderId).sort(), true],
      ['Gamma', 'no-credentials', [], false],
    ]);
    expect(result.accounts[2]!.reason).toBe('No order-book credentials on Sandbox: the app cannot cancel orders for it there.');
    expect(await arrived('DELETE', '/cancel-all')).toBe(cancelAllBefore + 2);
    expect((await call<TradingState>('getTradingState')).heartbeat.enabled).toBe(false);
    expect(await call<OpenOrderView[]>('listOpenOrders', {})).toEqual([]);
    await useAccount(1);
    expect(await call<OpenOrderView[]>('listOpenOrders', {})).toEqual([]);
    expect((await call<TradingState>('getTradingState')).heartbeat.enabled).toBe(false);
  });
});
