/**
 * Amending a working order through the bridge against the sandbox: cancel and replace as one
 * action, with both answers; refusals that change nothing; and the one case where the user is
 * left without an order, which the result says and can undo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { AmendResult, BalanceView, OpenOrderView, PlacedOrder } from '../../../src/shared/tradingViews';
import type { EventDetail, EventsPage, OrderBookView } from '../../../src/shared/viewModels';
import { callOk, startHarness, type Harness } from './coreHarness';

let harness: Harness;
let tokenId = '';
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const failure = async (channel: string, input: unknown) => {
  const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
};
const openOrders = () => call<OpenOrderView[]>('listOpenOrders', {});
const price = (value: number) => value.toFixed(2);

async function bestBid(): Promise<number> {
  const watched = await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [tokenId] });
  return Number(watched.books[0]!.bestBid);
}

/** A GTC BUY resting well under the bid (the book holds still: no simulation). */
async function restingBuy(size = '10', ticksUnder = 5): Promise<PlacedOrder> {
  const placed = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: price((await bestBid()) - ticksUnder * 0.01), size } });
  expect(placed).toMatchObject({ success: true, status: 'live' });
  return placed;
}

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 300, simulate: false });
  await call('createVault', { password: 'amend test password' });
  await call<AccountsState>('createAccount', { label: 'Amender' });
  await call('createClobCredentials', {});
  await call<BalanceView>('requestSandboxFunds', { amount: '100' });
  const events = await call<EventsPage>('searchCatalogEvents', {});
  search: for (const event of events.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01')) {
      tokenId = market.outcomes[0]!.tokenId;
      if ((await bestBid()) >= 0.2) break search;
    }
  }
}, 60_000);
afterAll(async () => {
  await harness?.stop();
});

describe('amendOrder against the sandbox', () => {
  it('moves a working order one tick up: the old one is cancelled, the new one rests, one result says both', async () => {
    const old = await restingBuy();
    const target = price(Number(old.ticket.price) + 0.01);
    const result = await call<AmendResult>('amendOrder', { orderId: old.orderId, price: target });
    expect(result).toMatchObject({ orderId: old.orderId, state: 'amended', cancel: { canceled: true, reason: null } });
    expect(result.placed).toMatchObject({ success: true, status: 'live' });
    expect(result.replacement).toMatchObject({ price: target, size: '10', side: 'BUY', orderType: 'GTC' });
    expect(result.message).toMatch(/^Amended: order .* was cancelled and BUY 10 shares at 0\.\d\d \(GTC\) placed/);
    const open = await openOrders();
    expect(open.map((o) => o.id)).not.toContain(old.orderId);
    expect(open.find((o) => o.id === result.placed!.orderId)).toMatchObject({ price: target, originalSize: '10.00' });
  });

  it('changes only the size, keeping the price', async () => {
    const old = await restingBuy('10', 6);
    const result = await call<AmendResult>('amendOrder', { orderId: old.orderId, size: '15' });
    expect(result.state).toBe('amended');
    const open = await openOrders();
    expect(open.find((o) => o.id === result.placed!.orderId)).toMatchObject({ price: old.ticket.price, originalSize: '15.00' });
  });

  it('refuses when nothing changes, and leaves the order working', async () => {
    const old = await restingBuy('10', 7);
    expect(await failure('amendOrder', { orderId: old.orderId, price: `${old.ticket.price}0`, size: '10' })).toMatchObject({ code: 'invalid_input', message: /Nothing to change/ });
    expect((await openOrders()).map((o) => o.id)).toContain(old.orderId);
    expect(await failure('amendOrder', { orderId: old.orderId })).toMatchObject({ code: 'invalid_input', message: /give a new price, a new size or the post-only flag/ });
  });

  it('refuses a replacement the checks already refuse, before cancelling anything', async () => {
    const old = await restingBuy('10', 8);
    const offTick = await failure('amendOrder', { orderId: old.orderId, price: '0.125' });
    expect(offTick).toMatchObject({ code: 'invalid_input', message: /was not changed: .*multiple of the tick size/ });
    // Post-only at a price that crosses the book would fill now: refused, the order stays.
    const crossing = await failure('amendOrder', { orderId: old.orderId, price: '0.99', postOnly: true });
    expect(crossing.message).toMatch(/must not cross the book/);
    expect((await openOrders()).map((o) => o.id)).toContain(old.orderId);
  });

  it('refuses an order that is gone', async () => {
    const old = await restingBuy('10', 9);
    await call('cancelOrder', { orderId: old.orderId });
    expect(await failure('amendOrder', { orderId: old.orderId, price: price(Number(old.ticket.price) + 0.01) })).toMatchObject({
      code: 'not_found',
      message: /no longer working .*nothing was changed/,
    });
  });

  it('says so when the replacement is refused after the cancel, and the old order can be put back', async () => {
    await call('cancelAllOrders', {});
    const old = await restingBuy('10', 5);
    // More USD than the account has: only the cancel could have freed funds, so it is tried.
    const result = await call<AmendResult>('amendOrder', { orderId: old.orderId, size: '100000' });
    expect(result).toMatchObject({ state: 'replacement-refused', cancel: { canceled: true } });
    expect(result.message).toMatch(/was cancelled, but its replacement was not placed: .*Not enough USD.*No order is working in its place now\./);
    expect((await openOrders()).map((o) => o.id)).not.toContain(old.orderId);
    expect(result.previous).toEqual({ tokenId, side: 'BUY', orderType: 'GTC', price: old.ticket.price, size: '10' });
    const again = await call<PlacedOrder>('placeOrder', { ticket: result.previous });
    expect(again).toMatchObject({ success: true, status: 'live' });
  });
});
