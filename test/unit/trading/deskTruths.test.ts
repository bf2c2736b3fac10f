/**
 * The pure parts behind "the ticket and grid tell the truth before you confirm" (issue 20): the
 * exchange's fee formula, a trade row's fee, a grid's funds checked level after level, the
 * post-only flags main remembers, a preview's fee on what fills now, and the market's state.
 */
import { describe, expect, it } from 'vitest';
import { feeOf } from '../../../src/main/core/trading/exchangeFee';
import { estimateFill } from '../../../src/main/core/trading/fillEstimate';
import { ticketMarketFacts, type MarketLookup, type TokenMarket } from '../../../src/main/core/trading/marketLookup';
import { OrderFlags } from '../../../src/main/core/trading/orderFlags';
import { toOpenOrderView, toTradeViews } from '../../../src/main/core/trading/orderViews';
import { gridShortfalls, type GridLevel } from '../../../src/main/core/trading/ticketChecks';
import { usd, words } from '../../../src/shared/sentence';
import type { OrderTicket, PlacedOrder } from '../../../src/shared/tradingViews';

const OWN = '0x00000000000000000000000000000000000000aa';

describe('the exchange fee', () => {
  it('is rate × min(price, 1 − price) × shares, the same either side of 0.50', () => {
    expect(feeOf(100, '0.30', '10')).toBe('0.03');
    expect(feeOf(100, '0.70', '10')).toBe('0.03');
    expect(feeOf(100, '0.5', '21.04')).toBe('0.1052');
    expect(feeOf(0, '0.5', '10')).toBe('0');
    expect(feeOf(100, 'x', '10')).toBe('0');
  });

  it('sums per level on what fills now, and is absent without a rate', () => {
    const asks = [{ price: '0.52', size: '10' }, { price: '0.53', size: '20' }];
    expect(estimateFill('BUY', '0.53', asks, { shares: '25' }, 100)).toMatchObject({ fillableShares: '25', takerFee: '0.1185' }); // 1% × (0.48 × 10 + 0.47 × 15)
    expect(estimateFill('BUY', '0.51', asks, { shares: '25' }, 100)).toMatchObject({ fillableShares: '0', takerFee: '0' });
    expect(estimateFill('BUY', '0.53', asks, { shares: '25' })).not.toHaveProperty('takerFee');
  });

  it('is charged on a trade row at the rate it carries: the taker\'s on the row, a maker\'s on its own entry', () => {
    const taker = toTradeViews({ id: 't1', market: 'm', asset_id: 'a', side: 'BUY', size: '10', price: '0.3', fee_rate_bps: '100', trader_side: 'TAKER', match_time: '1' }, OWN);
    expect(taker).toMatchObject([{ role: 'taker', feeRateBps: 100, fee: '0.03' }]);
    const maker = toTradeViews(
      { id: 't2', market: 'm', asset_id: 'a', side: 'BUY', size: '10', price: '0.3', fee_rate_bps: '100', trader_side: 'MAKER', match_time: '1', maker_orders: [{ order_id: 'o', maker_address: OWN, matched_amount: '4', price: '0.7', fee_rate_bps: '0', side: 'SELL', asset_id: 'b' }] },
      OWN,
    );
    expect(maker).toMatchObject([{ role: 'maker', feeRateBps: 0, fee: '0' }]);
    expect(toTradeViews({ id: 't3', side: 'SELL', size: '1', price: '0.4', fee_rate_bps: 'nonsense' }, OWN)[0]).toMatchObject({ feeRateBps: 0, fee: '0' });
  });
});

const level = (side: 'BUY' | 'SELL', price: string, size: string, available: string | null, problems: string[] = []): GridLevel => {
  const ticket: OrderTicket = { tokenId: '7', side, orderType: 'GTC', price, size };
  return { ticket, shares: size, notional: String(Number(price) * Number(size)), available, problems: problems.map(words) };
};

describe('a grid\'s funds, level after level', () => {
  it('names the levels the ones before them leave short, and only those', () => {
    const short = gridShortfalls([level('BUY', '0.5', '10', '8'), level('BUY', '0.4', '10', '8'), level('BUY', '0.3', '10', '8')]);
    expect([...short.keys()]).toEqual([1, 2]);
    expect(short.get(1)?.text).toBe('Not enough USD for this level: the levels before it commit $5 of the $8 available, leaving $3; it needs $4.');
    // The figures stay figures, so the page shows them in the user's format.
    expect(short.get(1)?.parts.filter((part) => typeof part !== 'string')).toEqual([usd('5'), usd('8'), usd('3'), usd('4')]);
    expect(short.get(2)?.text).toMatch(/commit \$9 of the \$8 available, leaving \$0; it needs \$3\b/);
  });

  it('keeps USD and each outcome\'s shares apart, and does not name a level twice', () => {
    expect(gridShortfalls([level('BUY', '0.5', '10', '5'), level('SELL', '0.6', '10', '10')]).size).toBe(0);
    const alreadyShort = gridShortfalls([level('BUY', '0.5', '10', '6'), level('BUY', '0.5', '10', '6', ['Not enough USD: the order needs 5, 1 is available.'])]);
    expect(alreadyShort.size).toBe(0);
    expect(gridShortfalls([level('BUY', '0.5', '10', null), level('BUY', '0.5', '10', null)]).size).toBe(0);
  });
});

describe('post-only flags main remembers', () => {
  const placed = (orderId: string, postOnly: boolean, success = true): PlacedOrder => ({
    ticket: { tokenId: '7', side: 'BUY', orderType: 'GTC', price: '0.4', size: '5', ...(postOnly ? { postOnly } : {}) },
    success, orderId, status: 'live', message: '', makingAmount: '', takingAmount: '', tradeIds: [], resubmittable: false,
  });

  it('knows the orders it placed, not refused ones nor others; open-order rows carry it only where known', () => {
    const flags = new OrderFlags();
    flags.record([placed('0x1', true), placed('0x2', false), placed('0x3', true, false)]);
    expect([flags.postOnlyOf('0x1'), flags.postOnlyOf('0x2'), flags.postOnlyOf('0x3'), flags.postOnlyOf('0x4')]).toEqual([true, false, null, null]);
    const row = { id: '0x1', status: 'LIVE', side: 'BUY', price: '0.4', original_size: '5', size_matched: '0' };
    expect(toOpenOrderView(row, (id) => flags.postOnlyOf(id)).postOnly).toBe(true);
    expect(toOpenOrderView({ ...row, id: '0x9' }, (id) => flags.postOnlyOf(id))).not.toHaveProperty('postOnly');
  });
});

describe('what the market says about a ticket', () => {
  const NOW = Date.parse('2026-11-28T12:00:00Z');
  const market = (part: Partial<TokenMarket>): TokenMarket => ({
    conditionId: '0xc', acceptingOrders: true, closed: false, endMs: NOW + 86_400_000, secondsDelay: 0, takerBaseFeeBps: 100, makerBaseFeeBps: 0, ...part,
  });
  const lookup = (answer: TokenMarket | Error, fee: bigint | Error = 100n) =>
    ({
      marketOfToken: async () => (answer instanceof Error ? Promise.reject(answer) : answer),
      feeRateBps: async () => (fee instanceof Error ? Promise.reject(fee) : fee),
    }) as unknown as MarketLookup;
  const limit: OrderTicket = { tokenId: '7', side: 'BUY', orderType: 'GTC', price: '0.4', size: '5' };

  it('refuses a closed market and one not accepting orders; warns past the end date', async () => {
    expect((await ticketMarketFacts(lookup(market({ closed: true, acceptingOrders: false })), limit, 2, NOW)).problems).toEqual([words('The market is closed (resolved): the exchange takes no orders on it.')]);
    expect((await ticketMarketFacts(lookup(market({ acceptingOrders: false })), limit, 2, NOW)).problems).toEqual([words('The market is not accepting orders right now.')]);
    const ended = await ticketMarketFacts(lookup(market({ endMs: NOW - 1 })), limit, 2, NOW);
    expect(ended).toMatchObject({ problems: [], endedAt: NOW - 1, takerFeeBps: 100, feeRateBps: 0n });
    expect((await ticketMarketFacts(lookup(market({ endMs: null })), limit, 2, NOW)).endedAt).toBeNull();
  });

  it('lets a limit order go on without what could not be read; a market or version-1 order cannot', async () => {
    const down = new Error('service down');
    expect(await ticketMarketFacts(lookup(down, down), limit, 2, NOW)).toEqual({ feeRateBps: 0n, takerFeeBps: null, market: null, problems: [], endedAt: null });
    await expect(ticketMarketFacts(lookup(down), { ...limit, orderType: 'FOK' }, 2, NOW)).rejects.toThrow('service down');
    await expect(ticketMarketFacts(lookup(market({}), down), limit, 1, NOW)).rejects.toThrow('service down');
    expect((await ticketMarketFacts(lookup(market({})), limit, 1, NOW)).feeRateBps).toBe(100n);
  });
});
