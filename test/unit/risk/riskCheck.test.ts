/**
 * The pre-trade check as a pure function over a snapshot: each limit below, at and above its
 * value, for single orders, quote grids (the whole batch counts, every crossing order named) and
 * amends (the replacement counts, the replaced order does not).
 */
import { describe, expect, it } from 'vitest';
import { checkRiskLimits, orderList, positionOf, type RiskOrder, type RiskSnapshot, type RiskSubject } from '../../../src/main/core/risk/riskCheck';
import { KnownOpenOrders } from '../../../src/main/core/risk/knownOpenOrders';
import { SANDBOX_DEFAULT_LIMITS } from '../../../src/main/core/risk/riskLimitStore';
import type { RiskLimits } from '../../../src/shared/riskLimits';
import type { OpenOrderView } from '../../../src/shared/tradingViews';

const YES = '111';
const NO = '222';

const limitsWith = (change: Partial<RiskLimits>): RiskLimits => ({ ...SANDBOX_DEFAULT_LIMITS, ...change });
const snapshot = (part: Partial<RiskSnapshot> = {}): RiskSnapshot => ({
  openOrders: [],
  heldShares: new Map(),
  markPrice: new Map([[YES, '0.5'], [NO, '0.5']]),
  tradedTodayUsd: '0',
  realisedTodayUsd: '0',
  ...part,
});
const buy = (notional: string, shares = '10', tokenId = YES): RiskOrder => ({ tokenId, side: 'BUY', shares, notional });
const sell = (notional: string, shares = '10', tokenId = YES): RiskOrder => ({ tokenId, side: 'SELL', shares, notional });
let nextId = 0;
const open = (part: Partial<OpenOrderView> = {}): OpenOrderView => ({
  id: `0x${(nextId += 1).toString(16).padStart(4, '0')}`, status: 'LIVE', market: '0xm', assetId: YES, side: 'BUY', originalSize: '10', sizeMatched: '0',
  price: '0.4', outcome: 'Yes', orderType: 'GTC', createdAt: 1, expiration: 0, question: '', tickSize: '', ...part,
});
const check = (limits: Partial<RiskLimits>, orders: RiskOrder[], snap: Partial<RiskSnapshot> = {}, subject: RiskSubject = orders.length > 1 ? 'grid' : 'order') =>
  checkRiskLimits(limitsWith(limits), snapshot(snap), orders, { subject, networkLabel: 'Staging' });

describe('maximum order notional', () => {
  const limit = { maxOrderNotionalUsd: '1000' };
  it('passes an order below and at the limit, refuses one above and names the limit, its value and the figure', () => {
    expect(check(limit, [buy('999.99')])).toBeNull();
    expect(check(limit, [buy('1000')])).toBeNull();
    expect(check(limit, [buy('1250')])).toEqual({
      limit: 'maxOrderNotionalUsd',
      sentence: "This order's notional 1,250.00 USD is above your maximum order notional of 1,000.00 USD on Staging.",
      crossing: [0],
    });
  });

  it('applies to sells too, and shows every digit when rounding would hide that the order is above', () => {
    expect(check(limit, [sell('1000.004')])?.sentence).toBe("This order's notional 1,000.004 USD is above your maximum order notional of 1,000.00 USD on Staging.");
  });

  it('names every order of a grid above it, and the replacement of an amend', () => {
    expect(check(limit, [buy('500'), buy('1250'), buy('1000'), buy('1100')])).toEqual({
      limit: 'maxOrderNotionalUsd',
      sentence: 'Order 2 of this grid has a notional of 1,250.00 USD, above your maximum order notional of 1,000.00 USD on Staging (orders 2 and 4 of the 4 cross it).',
      crossing: [1, 3],
    });
    expect(check(limit, [buy('500'), buy('1000')])).toBeNull();
    expect(check(limit, [buy('1000.01')], {}, 'amend')?.sentence).toBe("the replacement order's notional 1,000.01 USD is above your maximum order notional of 1,000.00 USD on Staging.");
  });
});

describe('maximum open orders', () => {
  const limit = { maxOpenOrders: '3' };
  it('counts the open orders and the new one: below and at pass, above is refused', () => {
    expect(check(limit, [buy('1')], { openOrders: [open()] })).toBeNull();
    expect(check(limit, [sell('1')], { openOrders: [open(), open()] })).toBeNull();
    expect(check(limit, [sell('1')], { openOrders: [open(), open(), open()] })).toEqual({
      limit: 'maxOpenOrders',
      sentence: 'This order would take your open orders to 4, above your maximum open orders of 3 on Staging.',
      crossing: [0],
    });
  });

  it('does not count closed or fully matched rows', () => {
    expect(check(limit, [buy('1')], { openOrders: [open(), open({ status: 'CANCELED' }), open({ sizeMatched: '10' }), open()] })).toBeNull();
  });

  it('counts a grid as a whole and names the orders from the first that crosses', () => {
    expect(check(limit, [buy('1'), buy('1')], { openOrders: [open()] })).toBeNull();
    expect(check(limit, [buy('1'), buy('1'), buy('1'), buy('1'), buy('1')], { openOrders: [open()] })).toEqual({
      limit: 'maxOpenOrders',
      sentence: 'This grid would take your open orders to 6, above your maximum open orders of 3 on Staging (orders 3–5 of the 5 cross it).',
      crossing: [2, 3, 4],
    });
  });

  it('lets an amend at the limit through: the replaced order no longer counts, its replacement does', () => {
    const orders = [open(), open(), open()];
    const known = new KnownOpenOrders({ lastKnownOrders: () => orders, lastReadStartedAt: () => 0 }, () => 1);
    expect(check(limit, [buy('1')], { openOrders: known.open('a', orders[1]!.id)! }, 'amend')).toBeNull();
    expect(check(limit, [buy('1')], { openOrders: known.open('a')! }, 'amend')?.sentence).toBe(
      'the replacement order would take your open orders to 4, above your maximum open orders of 3 on Staging.',
    );
  });
});

describe('maximum position per market', () => {
  // 40 held + 30 still open on a BUY (50 placed, 20 matched) = 70 shares; USD 40 × 0.5 + 30 × 0.4 = 32.
  const holding = { heldShares: new Map([[YES, '40']]), openOrders: [open({ originalSize: '50', sizeMatched: '20' }), open({ side: 'SELL' }), open({ assetId: NO })] };

  it('counts shares held and open buys of the outcome, and not sells or the other outcome', () => {
    expect(positionOf(snapshot(holding), YES)).toEqual({ shares: 70n * 10n ** 8n, usd: 32n * 10n ** 8n });
  });

  it('in shares: below and at pass, above is refused', () => {
    const limit = { maxPositionShares: '100' };
    expect(check(limit, [buy('1', '29.99')], holding)).toBeNull();
    expect(check(limit, [buy('1', '30')], holding)).toBeNull();
    expect(check(limit, [buy('1', '31')], holding)).toEqual({
      limit: 'maxPositionShares',
      sentence: 'This order would take your position in this outcome (held and on open buy orders) to 101.00 shares, above your maximum position per market of 100.00 shares on Staging.',
      crossing: [0],
    });
  });

  it('in USD: held shares at the mark, open buys at their prices, the new buy at its notional', () => {
    const limit = { maxPositionUsd: '50' };
    expect(check(limit, [buy('17.99')], holding)).toBeNull();
    expect(check(limit, [buy('18')], holding)).toBeNull();
    expect(check(limit, [buy('18.01')], holding)?.sentence).toBe(
      'This order would take your position in this outcome (held and on open buy orders) to 50.01 USD, above your maximum position per market of 50.00 USD on Staging.',
    );
  });

  it('never stops a sell, which only reduces the position', () => {
    expect(check({ maxPositionShares: '10', maxPositionUsd: '1' }, [sell('100', '30')], holding)).toBeNull();
  });

  it('adds a grid up per outcome and names the orders past the limit', () => {
    const limit = { maxPositionShares: '100' };
    const grid = [buy('1', '20'), buy('1', '20', NO), buy('1', '20'), buy('1', '20')];
    expect(check(limit, grid, holding)).toEqual({
      limit: 'maxPositionShares',
      sentence: 'This grid would take your position in this outcome (held and on open buy orders) to 130.00 shares, above your maximum position per market of 100.00 shares on Staging (orders 3 and 4 of the 4 cross it).',
      crossing: [2, 3],
    });
    expect(check(limit, grid.slice(0, 2), holding)).toBeNull();
  });
});

describe('maximum traded notional per day', () => {
  const limit = { maxDailyNotionalUsd: '5000' };
  const today = { tradedTodayUsd: '4580' };
  it("adds the buy to today's fills: below and at pass, above is refused", () => {
    expect(check(limit, [buy('419.99')], today)).toBeNull();
    expect(check(limit, [buy('420')], today)).toBeNull();
    expect(check(limit, [buy('420.01')], today)).toEqual({
      limit: 'maxDailyNotionalUsd',
      sentence: "This order would take today's traded notional (UTC day) to 5,000.01 USD, above your maximum traded notional per day of 5,000.00 USD on Staging.",
      crossing: [0],
    });
    expect(check(limit, [sell('9000')], today)).toBeNull();
  });

  it('counts a grid as a whole', () => {
    expect(check(limit, [buy('200'), sell('900'), buy('220'), buy('1')], today)).toEqual({
      limit: 'maxDailyNotionalUsd',
      sentence: "This grid would take today's traded notional (UTC day) to 5,001.00 USD, above your maximum traded notional per day of 5,000.00 USD on Staging (order 4 of the 4 crosses it).",
      crossing: [3],
    });
  });
});

describe('daily loss stop', () => {
  const limit = { dailyLossStopUsd: '500' };
  it('stops buying once the realised loss reaches the stop (at and above), not below it', () => {
    expect(check(limit, [buy('10')], { realisedTodayUsd: '-499.99' })).toBeNull();
    expect(check(limit, [buy('10')], { realisedTodayUsd: '120' })).toBeNull();
    const sentence = "Today's realised loss of 500.00 USD has reached your daily loss stop of 500.00 USD on Staging: until 00:00 UTC only orders that sell shares you hold are accepted.";
    expect(check(limit, [buy('10')], { realisedTodayUsd: '-500' })).toEqual({ limit: 'dailyLossStopUsd', sentence, crossing: [0] });
    expect(check(limit, [buy('10')], { realisedTodayUsd: '-520' })?.sentence).toMatch(/^Today's realised loss of 520\.00 USD has reached/);
  });

  it('still lets the account sell what it holds, and names the buys of a grid', () => {
    expect(check(limit, [sell('10')], { realisedTodayUsd: '-900' })).toBeNull();
    expect(check(limit, [sell('10'), buy('1'), buy('1')], { realisedTodayUsd: '-900' })).toMatchObject({ crossing: [1, 2], sentence: expect.stringMatching(/\(orders 2 and 3 of the 3 buy\)\.$/) });
  });
});

describe('the check as a whole', () => {
  it('passes everything with every limit off (the sandbox default)', () => {
    expect(check({}, [buy('1000000', '2000000')], { tradedTodayUsd: '99999999', realisedTodayUsd: '-99999', openOrders: Array.from({ length: 500 }, () => open()) })).toBeNull();
  });

  it('names the first limit crossed, in a fixed order', () => {
    const limits = { maxOrderNotionalUsd: '100', maxOpenOrders: '0', dailyLossStopUsd: '1' };
    expect(check(limits, [buy('150')], { realisedTodayUsd: '-5' })?.limit).toBe('maxOrderNotionalUsd');
    expect(check(limits, [buy('50')], { realisedTodayUsd: '-5' })?.limit).toBe('maxOpenOrders');
  });

  it('lists grid positions compactly', () => {
    expect(orderList([0])).toBe('1');
    expect(orderList([1, 3])).toBe('2 and 4');
    expect(orderList([0, 1, 2, 4, 6, 7, 8, 9])).toBe('1–3, 5 and 7–10');
  });
});
