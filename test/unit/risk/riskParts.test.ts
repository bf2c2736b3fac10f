/**
 * The parts around the check: realised P&L at average cost and the day's traded notional (a
 * total that is the sum of its fills), the open orders counted between polls, which changes
 * raise risk (and what main's confirmation then shows), and stored limits read back safely.
 */
import { describe, expect, it } from 'vitest';
import { fillsInAnswer, utcDayEnd, utcDayStart } from '../../../src/main/core/risk/dailyFills';
import { KnownOpenOrders, restingFromAnswer } from '../../../src/main/core/risk/knownOpenOrders';
import { limitChangeRequest } from '../../../src/main/core/risk/limitChangeRequest';
import { replayAtAverageCost, tradedNotional, type OwnFill } from '../../../src/main/core/risk/realisedPnl';
import { checkedRiskLimits, LIVE_DEFAULT_LIMITS, RiskLimitStore } from '../../../src/main/core/risk/riskLimitStore';
import { formatDecimal, parseDecimal } from '../../../src/shared/decimal';
import { raisedLimits, raisesRisk } from '../../../src/shared/riskLimits';
import { riskLimitsChangeSchema } from '../../../src/shared/riskLimitsSchemas';
import type { SettingsData, SettingsStore } from '../../../src/main/core/settings/settingsStore';
import type { OpenOrderView, PlacedOrder } from '../../../src/shared/tradingViews';

const fill = (side: 'BUY' | 'SELL', size: string, price: string, at: number, tokenId = 'T'): OwnFill => ({ tokenId, side, size, price, at });
const usd = (units: bigint) => formatDecimal(units);

describe('realised P&L at average cost', () => {
  it('realises a sell against the average cost of the shares bought before it', () => {
    const { realised, holdings } = replayAtAverageCost([fill('BUY', '10', '0.4', 1), fill('BUY', '10', '0.6', 2), fill('SELL', '15', '0.7', 3)]);
    expect(usd(realised)).toBe('3');
    expect(holdings.get('T')).toEqual({ shares: parseDecimal('5'), cost: parseDecimal('2.5') });
  });

  it('replays in time order and carries the opening holding of earlier days', () => {
    const opening = new Map([['T', { shares: parseDecimal('100'), cost: parseDecimal('80') }]]);
    // The earlier buy comes first: 101 shares at 80.1 in all, 50 of them sold at 0.5.
    expect(usd(replayAtAverageCost([fill('SELL', '50', '0.5', 9), fill('BUY', '1', '0.1', 1)], opening).realised)).toBe('-14.653465');
  });

  it('realises nothing for shares sold beyond what known fills bought', () => {
    expect(usd(replayAtAverageCost([fill('BUY', '10', '0.5', 1), fill('SELL', '30', '0.2', 2)]).realised)).toBe('-3');
    expect(usd(replayAtAverageCost([fill('SELL', '30', '0.2', 2)]).realised)).toBe('0');
  });

  it("counts today's traded notional as the sum of every fill's size × price, both sides", () => {
    const fills = [fill('BUY', '10', '0.41', 1), fill('SELL', '3.5', '0.77', 2, 'U'), fill('BUY', '0.01', '0.99', 3)];
    const parts = fills.map((f) => Number(f.size) * Number(f.price));
    expect(usd(tradedNotional(fills))).toBe('6.8049');
    expect(Number(usd(tradedNotional(fills)))).toBeCloseTo(parts.reduce((a, b) => a + b, 0), 8);
  });

  it("takes a placement's own fills from its answer: shares and the average price of the matched part", () => {
    expect(fillsInAnswer('T', 'BUY', '4.2', '10', 5)).toEqual([{ tokenId: 'T', side: 'BUY', size: '10', price: '0.42', at: 5 }]);
    expect(fillsInAnswer('T', 'SELL', '10', '4.2', 5)).toEqual([{ tokenId: 'T', side: 'SELL', size: '10', price: '0.42', at: 5 }]);
    expect(fillsInAnswer('T', 'BUY', '', '', 5)).toEqual([]);
  });

  it('counts the UTC day', () => {
    const at = Date.UTC(2026, 2, 5, 23, 59, 59);
    expect([utcDayStart(at), utcDayEnd(at)]).toEqual([Date.UTC(2026, 2, 5), Date.UTC(2026, 2, 6)]);
  });
});

describe('open orders between polls', () => {
  const row = (id: string): OpenOrderView => ({
    id, status: 'LIVE', market: '', assetId: 'T', side: 'BUY', originalSize: '10', sizeMatched: '0', price: '0.4', outcome: '', orderType: 'GTC', createdAt: 0, expiration: 0, question: '', tickSize: '',
  });
  const placed = (orderId: string, status = 'live', part: Partial<PlacedOrder> = {}): PlacedOrder => ({
    ticket: { tokenId: 'T', side: 'BUY', orderType: 'GTC', price: '0.4', size: '10' }, success: true, orderId, status, message: '', makingAmount: '', takingAmount: '', tradeIds: [], resubmittable: false, ...part,
  });

  it('adds orders accepted after the last read started and drops those cancelled since, until a newer read has them', () => {
    let list = [row('a'), row('b')];
    let startedAt = 100;
    let now = 150;
    const known = new KnownOpenOrders({ lastKnownOrders: () => list, lastReadStartedAt: () => startedAt }, () => now);
    known.placed('acc', [placed('c'), placed('d', 'matched'), placed('e', '', { success: false })]);
    known.cancelled('acc', ['a']);
    expect(known.open('acc')!.map((o) => o.id)).toEqual(['b', 'c']);
    // A read that started before the notes but already lists c: c is not counted twice.
    list = [row('a'), row('b'), row('c')];
    expect(known.open('acc')!.map((o) => o.id)).toEqual(['b', 'c']);
    // A read that started after them is the whole truth (c filled meanwhile, a is gone).
    now = 200;
    startedAt = 180;
    list = [row('b')];
    expect(known.open('acc')!.map((o) => o.id)).toEqual(['b']);
    expect(known.open('acc', 'b')).toEqual([]);
    expect(new KnownOpenOrders({ lastKnownOrders: () => [], lastReadStartedAt: () => null }).open('acc')).toBeNull();
  });

  it('rests only GTC and GTD orders, for what did not match at once', () => {
    expect(restingFromAnswer(placed('x', 'live', { takingAmount: '4' }), 1)).toMatchObject({ id: 'x', originalSize: '10', sizeMatched: '4' });
    expect(restingFromAnswer({ ...placed('y'), ticket: { tokenId: 'T', side: 'BUY', orderType: 'FAK', price: '0.4', amount: '5' } }, 1)).toBeNull();
  });
});

describe('changing limits', () => {
  it('raises risk with a higher value or a limit turned off; lowering or turning one on does not', () => {
    expect([raisesRisk('1000', '1500'), raisesRisk('1000', null), raisesRisk('1000', '999'), raisesRisk(null, '5'), raisesRisk(null, null), raisesRisk('5', '5')]).toEqual([true, true, false, false, false, false]);
    expect(raisedLimits(LIVE_DEFAULT_LIMITS, { maxOpenOrders: '10', maxOrderNotionalUsd: '2000', dailyLossStopUsd: null })).toEqual(['maxOrderNotionalUsd', 'dailyLossStopUsd']);
  });

  it("shows main's confirmation each changed limit old → new, the raised ones marked, with the account and network", () => {
    const request = limitChangeRequest(LIVE_DEFAULT_LIMITS, { maxOrderNotionalUsd: '2500', maxOpenOrders: '20', dailyLossStopUsd: null, maxPositionUsd: '5000' }, {
      accountLabel: 'Main', accountAddress: '0xabc', networkLabel: 'Staging',
    });
    expect(request).toEqual({
      kind: 'risk-limits',
      title: 'Raise risk limits of “Main” on Staging',
      facts: [
        { label: 'Account', value: 'Main (0xabc)' },
        { label: 'Network', value: 'Staging' },
        { label: 'maximum order notional', value: '1,000.00 USD → 2,500.00 USD', warn: true },
        { label: 'maximum open orders', value: '50 → 20' },
        { label: 'daily loss stop', value: '500.00 USD → off', warn: true },
      ],
      confirmLabel: 'Raise the limits',
    });
  });

  it('refuses bad values by name', () => {
    const issues = (input: unknown) => riskLimitsChangeSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ maxOpenOrders: '2.5' })).toEqual(['maxOpenOrders: must be a whole number of orders']);
    expect(issues({ maxOrderNotionalUsd: '-1' })).toEqual(['maxOrderNotionalUsd: must be a number of USD with at most 2 decimals']);
    expect(issues({ maxPositionShares: '2000000000' })).toEqual(['maxPositionShares: must be at most 1,000,000,000']);
    expect(issues({})).toEqual([': name at least one limit to change']);
    expect(issues({ maxOpenOrders: '5', other: '1' })?.[0]).toMatch(/other|Unrecognized/);
  });
});

describe('stored limits', () => {
  const memorySettings = (riskLimits: unknown): SettingsStore => {
    let value = checkedRiskLimits(riskLimits);
    return {
      get: ((key: keyof SettingsData) => (key === 'riskLimits' ? value : undefined)) as SettingsStore['get'],
      set: ((key: keyof SettingsData, next: unknown) => {
        if (key === 'riskLimits') value = checkedRiskLimits(next);
      }) as SettingsStore['set'],
    };
  };
  const live = { id: 'staging', label: 'Staging', isSandbox: false };
  const sandbox = { id: 'sandbox', label: 'Sandbox', isSandbox: true };

  it("reads the network's defaults until an account sets its own, and a bad entry as absent (the defaults, not off)", () => {
    const store = new RiskLimitStore(memorySettings({ staging: { good: { ...LIVE_DEFAULT_LIMITS, maxOpenOrders: '7' }, bad: { ...LIVE_DEFAULT_LIMITS, maxOpenOrders: 'lots' } } }));
    expect(store.read(live, 'good')).toEqual({ limits: { ...LIVE_DEFAULT_LIMITS, maxOpenOrders: '7' }, usingDefaults: false });
    expect(store.read(live, 'bad')).toEqual({ limits: LIVE_DEFAULT_LIMITS, usingDefaults: true });
    expect(store.read(sandbox, 'good').limits.maxOpenOrders).toBeNull();
  });

  it('applies a change over the current limits, per network', () => {
    const store = new RiskLimitStore(memorySettings({}));
    expect(store.apply(sandbox, 'acc', { maxOpenOrders: '3' })).toMatchObject({ maxOpenOrders: '3', maxOrderNotionalUsd: null });
    expect(store.read(live, 'acc')).toEqual({ limits: LIVE_DEFAULT_LIMITS, usingDefaults: true });
  });
});
