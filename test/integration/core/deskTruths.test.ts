/**
 * Issue 20, "the ticket and grid tell the truth before you confirm", through the real core and
 * the sandbox over loopback HTTP: the taker fee from `/fee-rate` in every preview, a market past
 * its end date warned (and confirmed even in pro mode), a quote grid's
 * every level checked (minimum size, funds together) before its confirmation and every refused
 * level named, and an amend that keeps the order's own post-only flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { AmendResult, OpenOrderView, OrderPreview, OrderTicket, PlacedOrder } from '../../../src/shared/tradingViews';
import { liveMarket } from '../sandbox/tradingClient';
import { callOk, startHarness, type Harness } from './coreHarness';

const endedIn = (record: Record<string, unknown>) => Date.parse(String(record.endDate)) < Date.now();
const feeMarket = liveMarket(7, (e) => e.market.record.takerBaseFee === 100 && e.market.acceptingOrders && !endedIn(e.market.record) && e.market.tickSize === '0.01');
const plainMarket = liveMarket(7, (e) => e.market.record.takerBaseFee === 0 && e.market.acceptingOrders && !endedIn(e.market.record) && e.market.tickSize === '0.01' && e.market.minOrderSize === 5);
const endedMarket = liveMarket(7, (e) => e.market.acceptingOrders && !e.market.closed && endedIn(e.market.record));
const bigMinimum = liveMarket(7, (e) => e.market.acceptingOrders && !endedIn(e.market.record) && e.market.minOrderSize >= 15 && e.market.tickSize === '0.01');

describe('the ticket and the grid, checked before they are confirmed', () => {
  let harness: Harness;
  const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
  const failure = async (channel: string, input: unknown) => {
    const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
    if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
    return result.error;
  };

  beforeAll(async () => {
    harness = await startHarness({ activityPollMs: 60_000, simulate: false });
    await call('createVault', { password: 'desk truths' });
    await call<AccountsState>('createAccount', { label: 'Trader' });
    await call('createClobCredentials', {});
    await call('requestSandboxFunds', { amount: '20' });
  }, 60_000);
  afterAll(async () => {
    await harness?.stop();
  });

  it('shows the market\'s taker fee from /fee-rate on every order, and the fee on what fills now', async () => {
    const token = feeMarket.market.tokenIds[0];
    const resting = await call<OrderPreview>('previewOrder', { ticket: { tokenId: token, side: 'BUY', orderType: 'GTC', price: '0.01', size: '5' } });
    expect(resting).toMatchObject({ takerFeeBps: 100, makerFeeBps: 0, estimate: { crossesBook: false, takerFee: '0' } });
    const crossing = await call<OrderPreview>('previewOrder', { ticket: { tokenId: token, side: 'BUY', orderType: 'FAK', price: '0.99', size: '5' } });
    expect(crossing.estimate.crossesBook).toBe(true);
    // 1% of min(p, 1 − p) per share filled now, summed over the levels taken.
    const average = Number(crossing.estimate.averagePrice);
    expect(Number(crossing.estimate.takerFee)).toBeCloseTo(0.01 * Math.min(average, 1 - average) * Number(crossing.estimate.fillableShares), 3);
    const plain = await call<OrderPreview>('previewOrder', { ticket: { tokenId: plainMarket.market.tokenIds[0], side: 'BUY', orderType: 'GTC', price: '0.01', size: '5' } });
    expect(plain.takerFeeBps).toBe(0);
  });

  it('warns before an order on a market past its end date, and confirms it even in pro mode', async () => {
    const ticket: OrderTicket = { tokenId: endedMarket.market.tokenIds[0], side: 'BUY', orderType: 'GTC', price: '0.01', size: String(endedMarket.market.minOrderSize) };
    const confirmed = await call<OrderPreview>('previewOrder', { ticket });
    expect(confirmed.endedAt).toBe(Date.parse(String(endedMarket.market.record.endDate)));
    expect(confirmed.needsConfirmation).toBe(true);
    expect(confirmed.problems).toEqual([]);
    await call('setConfirmOrders', { enabled: false });
    try {
      expect((await call<OrderPreview>('previewOrder', { ticket })).needsConfirmation).toBe(true);
      const open = await call<OrderPreview>('previewOrder', { ticket: { ...ticket, tokenId: plainMarket.market.tokenIds[0], size: '5' } });
      expect(open).toMatchObject({ needsConfirmation: false });
      expect(open).not.toHaveProperty('endedAt');
    } finally {
      await call('setConfirmOrders', { enabled: true });
    }
  });

  it('checks every level of a grid for the minimum size before the confirmation, and refuses naming each', async () => {
    const token = bigMinimum.market.tokenIds[0];
    const tickets: OrderTicket[] = ['0.03', '0.02', '0.01'].map((price) => ({ tokenId: token, side: 'BUY', orderType: 'GTC', price, size: '5', postOnly: true }));
    const previews = await call<OrderPreview[]>('previewOrders', { tickets });
    expect(previews).toHaveLength(3);
    for (const preview of previews) expect(preview.problems.map((p) => p.text)).toEqual([`The size 5 is below the market's minimum of ${bigMinimum.market.minOrderSize} shares.`]);
    const refused = await failure('placeOrders', { tickets });
    expect(refused.code).toBe('invalid_input');
    expect(refused.message).toMatch(/^Nothing was sent: 3 of the 3 orders would be refused — level 1, BUY 5 shares at 0\.03 \(GTC, post-only\): The size 5 is below the market's minimum of \d+ shares; level 2, /);
    expect(refused.message).toMatch(/; level 3, BUY 5 shares at 0\.01 \(GTC, post-only\): The size 5 is below the market's minimum of \d+ shares\.$/);
  });

  it('checks a grid\'s funds together: the levels the ones before them leave short are named', async () => {
    const token = plainMarket.market.tokenIds[0];
    // 20 USD: 6, then 9 (15 in all), then 12 — each fits alone, the third not after the two before it.
    const tickets: OrderTicket[] = ['0.02', '0.03', '0.04'].map((price) => ({ tokenId: token, side: 'BUY', orderType: 'GTC', price, size: '300' }));
    const previews = await call<OrderPreview[]>('previewOrders', { tickets });
    expect(previews.map((p) => p.problems.map((problem) => problem.text))).toEqual([[], [], ['Not enough USD for this level: the levels before it commit $15 of the $20 available, leaving $5; it needs $12.']]);
  });

  it('amends a post-only order into a post-only order, a plain one into a plain one, and lists the flag', async () => {
    const token = plainMarket.market.tokenIds[0];
    const place = (ticket: OrderTicket) => call<PlacedOrder>('placeOrder', { ticket });
    const postOnly = await place({ tokenId: token, side: 'BUY', orderType: 'GTC', price: '0.02', size: '5', postOnly: true });
    const plain = await place({ tokenId: token, side: 'BUY', orderType: 'GTC', price: '0.03', size: '5' });
    expect([postOnly.success, plain.success]).toEqual([true, true]);
    const listed = await call<OpenOrderView[]>('listOpenOrders', { assetId: token });
    expect(listed.find((o) => o.id === postOnly.orderId)?.postOnly).toBe(true);
    expect(listed.find((o) => o.id === plain.orderId)?.postOnly).toBe(false);
    const amendedPostOnly = await call<AmendResult>('amendOrder', { orderId: postOnly.orderId, price: '0.01' });
    const amendedPlain = await call<AmendResult>('amendOrder', { orderId: plain.orderId, price: '0.01' });
    expect([amendedPostOnly.state, amendedPlain.state]).toEqual(['amended', 'amended']);
    expect(amendedPostOnly.replacement.postOnly).toBe(true);
    expect(amendedPlain.replacement.postOnly).toBeUndefined();
    const after = await call<OpenOrderView[]>('listOpenOrders', { assetId: token });
    expect(after.find((o) => o.id === amendedPostOnly.placed!.orderId)?.postOnly).toBe(true);
    expect(after.find((o) => o.id === amendedPlain.placed!.orderId)?.postOnly).toBe(false);
    await call('cancelAllOrders', {});
  });
});
