/**
 * Issue 10, "Budgets": an order POST whose answer was lost is reconciled against the exchange
 * by the order's hash (computed before sending) before the ticket offers it again. A relay
 * loses the answer after the exchange placed the order (found: placed once, not offered again),
 * or drops the request before it arrives (absent: offered again), for a single order and a batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenOrderView, PlacedOrder } from '../../../src/shared/tradingViews';
import { startRecoveryHarness, type RecoveryHarness } from './recoveryHarness';

let h: RecoveryHarness;
let tokenId = '';
const ticket = (price: string) => ({ tokenId, side: 'BUY', orderType: 'GTC', price, size: '10' });

beforeAll(async () => {
  h = await startRecoveryHarness();
  await h.openTradingAccount();
  tokenId = await h.restingToken();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

describe('order writes whose answer was lost', () => {
  it('finds an order the exchange placed by its hash and does not offer it again', async () => {
    h.relay.inject('POST /order', 'lose-answer', 1);
    const sent = h.relay.count('POST /order');
    const placed = await h.call<PlacedOrder>('placeOrder', { ticket: ticket('0.03') });
    expect(placed).toMatchObject({ success: true, reconciled: 'found', resubmittable: false, status: 'live', message: expect.stringMatching(/answer .* was lost, but the exchange has the order/) });
    expect(placed.orderId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(h.relay.count('POST /order')).toBe(sent + 1);
    const open = await h.call<OpenOrderView[]>('listOpenOrders');
    expect(open.filter((o) => o.id === placed.orderId)).toHaveLength(1);
  });

  it('says an order that never arrived can be sent again', async () => {
    h.relay.inject('POST /order', 'dead', 1);
    const before = (await h.call<OpenOrderView[]>('listOpenOrders')).length;
    const placed = await h.call<PlacedOrder>('placeOrder', { ticket: ticket('0.04') });
    expect(placed).toMatchObject({ success: false, reconciled: 'absent', resubmittable: true, message: expect.stringMatching(/never reached the book and can be sent again/) });
    expect(await h.call<OpenOrderView[]>('listOpenOrders')).toHaveLength(before);
  });

  it('reconciles each order of a batch whose answer was lost', async () => {
    h.relay.inject('POST /orders', 'lose-answer', 1);
    const placed = await h.call<PlacedOrder[]>('placeOrders', { tickets: [ticket('0.02'), ticket('0.01')] });
    expect(placed.map((p) => p.reconciled)).toEqual(['found', 'found']);
    const open = new Set((await h.call<OpenOrderView[]>('listOpenOrders')).map((o) => o.id));
    expect(placed.every((p) => open.has(p.orderId))).toBe(true);
  });
});
