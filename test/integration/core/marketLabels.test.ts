/**
 * Rows of every market carry their own market's question and tick (issue 11, defect 4): an open
 * order at 0.013 on a 0.001-tick market says so, whichever market the user is looking at, and
 * trades and fills are named the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FillNotification, OpenOrderView, PlacedOrder, TradeView } from '../../../src/shared/tradingViews';
import type { EventDetail, EventsPage, MarketSummary, OrderBookView } from '../../../src/shared/viewModels';
import { callOk, startHarness, waitFor, type Harness } from './coreHarness';

let harness: Harness;
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const markets: Record<'fine' | 'coarse', { market: MarketSummary; book: OrderBookView } | null> = { fine: null, coarse: null };

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 200, simulate: false });
  await call('createVault', { password: 'market labels password' });
  await call('createAccount', { label: 'Trader' });
  await call('createClobCredentials', {});
  await call('requestSandboxFunds', { amount: '500' });
  const events = await call<EventsPage>('searchCatalogEvents', { limit: 200 });
  for (const event of events.events) {
    if (markets.fine && markets.coarse) break;
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders)) {
      const kind = market.tickSize === '0.001' ? 'fine' : market.tickSize === '0.01' ? 'coarse' : null;
      if (!kind || markets[kind]) continue;
      const book = (await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [market.outcomes[0]!.tokenId] })).books[0]!;
      if (book.bestAsk && book.bestBid && Number(book.bestBid) > 0.05) markets[kind] = { market, book };
    }
  }
}, 90_000);
afterAll(async () => {
  await harness?.stop();
});

describe('rows named by their own market', () => {
  it('open orders of two markets carry each market\'s question and tick', async () => {
    const fine = markets.fine!;
    const coarse = markets.coarse!;
    const placedFine = await call<PlacedOrder>('placeOrder', { ticket: { tokenId: fine.book.tokenId, side: 'BUY', orderType: 'GTC', price: '0.013', size: '100' } });
    const placedCoarse = await call<PlacedOrder>('placeOrder', { ticket: { tokenId: coarse.book.tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '100' } });
    expect([placedFine.success, placedCoarse.success]).toEqual([true, true]);
    const orders = await call<OpenOrderView[]>('listOpenOrders', {});
    expect(orders.find((o) => o.id === placedFine.orderId)).toMatchObject({ price: '0.013', tickSize: '0.001', question: fine.market.question, market: fine.market.conditionId });
    expect(orders.find((o) => o.id === placedCoarse.orderId)).toMatchObject({ tickSize: '0.01', question: coarse.market.question });
    // The live push carries them too: the table is replaced by it every poll.
    await waitFor(() => harness.events.some((e) => e.event === 'openOrdersChanged' && (e.payload as { orders: OpenOrderView[] }).orders.some((o) => o.id === placedFine.orderId && o.tickSize === '0.001')));
  });

  it('trades and fills of a market are named by it as well', async () => {
    const fine = markets.fine!;
    const bought = await call<PlacedOrder>('placeOrder', { ticket: { tokenId: fine.book.tokenId, side: 'BUY', orderType: 'FAK', price: fine.book.bestAsk, size: '5' } });
    expect(bought.success).toBe(true);
    const fill = await waitFor(() => harness.events.find((e) => e.event === 'orderFilled')?.payload as FillNotification | undefined);
    expect(fill).toMatchObject({ market: fine.market.conditionId, tickSize: '0.001', question: fine.market.question });
    const trades = await call<TradeView[]>('listAccountTrades', {});
    expect(trades.find((t) => t.market === fine.market.conditionId)).toMatchObject({ tickSize: '0.001', question: fine.market.question });
  });
});
