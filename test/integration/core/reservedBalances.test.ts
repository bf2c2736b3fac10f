/**
 * Issue 11, defect 3: what open orders hold is not available to a new order. With 5 of 10
 * shares in an open sell, a sell of 10 must be refused by the ticket checks (the exchange would
 * refuse it), and the same for USD held by bids; the balance view says what is available and
 * what is held, separately. Real core, real sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { BalanceView, OrderPreview, OrderTicket, PlacedOrder } from '../../../src/shared/tradingViews';
import type { EventDetail, EventsPage, OrderBookView } from '../../../src/shared/viewModels';
import { callOk, eventsOf, startHarness, waitFor, type Harness } from './coreHarness';

let harness: Harness;
let tokenId = '';
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);

async function book(): Promise<OrderBookView> {
  return (await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [tokenId] })).books[0]!;
}

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 300, simulate: false });
  await call('createVault', { password: 'reserved balances password' });
  await call<AccountsState>('createAccount', { label: 'Holder' });
  await call('createClobCredentials', {});
  await call('requestSandboxFunds', { amount: '1000' });
  const events = await call<EventsPage>('searchCatalogEvents', {});
  search: for (const event of events.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01')) {
      tokenId = market.outcomes[0]!.tokenId;
      const current = await book();
      if (current.bestAsk && Number(current.bestAsk) < 0.9) break search;
    }
  }
  // Ten shares to sell, bought at the ask (a worst price a few ticks up so the FOK fills whole).
  const worst = Math.min(0.98, Number((await book()).bestAsk) + 0.05).toFixed(2);
  const bought = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'FOK', price: worst, size: '10' } });
  expect(bought).toMatchObject({ success: true, status: 'matched' });
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe('open orders hold part of the balance', () => {
  it('refuses a sell of 10 when 5 of the 10 shares are in an open sell, and shows 5 available and 5 in orders', async () => {
    const resting = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'SELL', orderType: 'GTC', price: '0.99', size: '5' } });
    expect(resting).toMatchObject({ success: true, status: 'live' });

    const balance = await waitForHeld(() => call<BalanceView>('getBalanceAllowance', { tokenId }), (b) => b.conditional?.inOrders === '5');
    expect(balance.conditional).toMatchObject({ tokenId, balance: '10', inOrders: '5', available: '5' });

    const sellAll: OrderTicket = { tokenId, side: 'SELL', orderType: 'GTC', price: '0.99', size: '10' };
    const refused = await call<OrderPreview>('previewOrder', { ticket: sellAll });
    expect(refused.problems.map((problem) => problem.text)).toContain('Not enough shares: the order sells 10, 5 are available (5 more are held by your open sell orders).');
    const fits = await call<OrderPreview>('previewOrder', { ticket: { ...sellAll, size: '5' } });
    expect(fits.problems).toEqual([]);
    await expect(call('placeOrder', { ticket: sellAll })).rejects.toThrow(/was not sent: Not enough shares/);

    await call('cancelOrders', { orderIds: [resting.orderId] });
    const freed = await waitForHeld(() => call<OrderPreview>('previewOrder', { ticket: sellAll }), (p) => p.problems.length === 0);
    expect(freed.problems).toEqual([]);
  });

  it('refuses a buy the USD held by open bids leaves no room for, and announces what bids hold', async () => {
    const usd = Number((await call<BalanceView>('getBalanceAllowance', {})).collateral.available);
    // A bid far under the touch holding about 60% of the USD.
    const size = Math.floor((usd * 0.6) / 0.02);
    const bid = await call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: String(size) } });
    expect(bid).toMatchObject({ success: true, status: 'live' });
    const held = (size * 0.02).toFixed(2);

    const announced = await waitFor(() =>
      eventsOf(harness, 'balanceChanged').find((e) => Number(e.balance.collateral.inOrders) === Number(held)),
    );
    expect(Number(announced.balance.collateral.available)).toBeCloseTo(Number(announced.balance.collateral.balance) - Number(held), 6);

    const again = await call<OrderPreview>('previewOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: String(size) } });
    expect(again.problems.map((problem) => problem.text).join(' ')).toMatch(new RegExp(`Not enough USD: the order needs \\$${held.replace('.', '\\.')}.*held by your open bids`));
    await call('cancelAllOrders', {});
  });
});

/** Reads until `done` holds (the open orders arrive with the next poll), at most 50 times. */
async function waitForHeld<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 50 && !done(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
