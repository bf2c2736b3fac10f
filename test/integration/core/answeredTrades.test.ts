/**
 * A taker fill's trades reach the page with the order's answer: when `placeOrder` resolves, the
 * core has already pushed `accountTradesAdded` with every trade the answer names, read by id from
 * the exchange (so the page shows the answer and the trade row in one frame). Real core, sandbox
 * over loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PlacedOrder } from '../../../src/shared/tradingViews';
import { bookTop, liveMarket } from '../sandbox/tradingClient';
import { callOk, eventsOf, startHarness, type Harness } from './coreHarness';

const endedIn = (record: Record<string, unknown>) => Date.parse(String(record.endDate)) < Date.now();
const market = liveMarket(7, (e) => e.market.acceptingOrders && !endedIn(e.market.record) && e.market.tickSize === '0.01' && e.market.minOrderSize === 5);

describe('a taker fill answered with its trades', () => {
  let harness: Harness;
  const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);

  beforeAll(async () => {
    harness = await startHarness({ activityPollMs: 60_000, simulate: false });
    await call('createVault', { password: 'answered trades' });
    await call<AccountsState>('createAccount', { label: 'Taker' });
    await call('createClobCredentials', {});
    await call('requestSandboxFunds', { amount: '50' });
    await call('setConfirmOrders', { enabled: false });
  }, 60_000);
  afterAll(async () => {
    await harness?.stop();
  });

  it('pushes the trades the answer names before the answer returns', async () => {
    const tokenId = market.market.tokenIds[0];
    const buyAtTheAsk = async () => {
      const { ask } = await bookTop(harness.sandbox.urls.clob, tokenId);
      return call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'FAK', price: (ask / 10_000).toFixed(2), size: '5' } });
    };
    // The first fill also looks the market's name up in the catalog (then held): a read the
    // answer does not wait for beyond its bound, on a loaded machine. The second is the case.
    await buyAtTheAsk();
    const placed = await buyAtTheAsk();
    expect(placed.success).toBe(true);
    expect(placed.tradeIds.length).toBeGreaterThan(0);
    // Read at once: nothing has run between the answer and this line.
    const pushed = eventsOf(harness, 'accountTradesAdded').flatMap((e) => e.trades);
    const answered = pushed.filter((t) => placed.tradeIds.includes(t.id));
    expect(answered.map((t) => t.id).sort()).toEqual([...placed.tradeIds].sort());
    expect(answered.every((t) => t.assetId === tokenId && t.side === 'BUY' && t.role === 'taker')).toBe(true);
  });
});
