/**
 * The Risk panel's rows say main's figures through the formatting layer: each limit's use and
 * value with its unit, "Off" for a limit that is off, the loss as the part of the realised result
 * below zero, and the meter's share of the limit used.
 */
import { describe, expect, it } from 'vitest';
import { riskRows } from '../../../src/renderer/views/trade/risk/riskRows';
import type { RiskStateView } from '../../../src/shared/riskLimits';

const state = (part: Partial<RiskStateView> = {}): RiskStateView => ({
  networkId: 'custom', networkLabel: 'Staging', isSandbox: false, accountId: 'a', accountLabel: 'Desk', usingDefaults: false, raisingNeedsConfirmation: true,
  limits: { maxOrderNotionalUsd: '1000', maxOpenOrders: '50', maxPositionShares: '10000', maxPositionUsd: null, maxDailyNotionalUsd: '5000', dailyLossStopUsd: '500' },
  usage: { openOrders: 3, tradedTodayUsd: '420', realisedTodayUsd: '-125.5', position: { tokenId: 't', shares: '1200', usd: '612.3' }, fillsReadAt: 1 },
  usageNote: null,
  notSaved: null,
  day: { startsAt: 0, endsAt: 86_400_000 },
  ...part,
});

describe('risk panel rows', () => {
  it('show use against each limit, with units, and Off for a limit that is off', () => {
    expect(riskRows(state(), 'Yes').map((r) => [r.label, r.use, r.limit, r.fraction])).toEqual([
      ['Order notional', null, '1,000.00 USD', null],
      ['Open orders', '3', '50', 0.06],
      ['Position, shares', '1,200.00', '10,000.00 sh', 0.12],
      ['Position, USD', '612.30', 'Off', null],
      ['Traded today', '420.00', '5,000.00 USD', 0.084],
      ['Loss today', '125.50', '500.00 USD', 0.251],
    ]);
    expect(riskRows(state(), 'Yes')[2]!.note).toBe('Yes: held + open buys');
  });

  it('show no loss on a profitable day (the profit as a note), and no use without an account that can trade', () => {
    const profit = riskRows(state({ usage: { ...state().usage!, realisedTodayUsd: '35' } }), null).at(-1)!;
    expect([profit.use, profit.fraction, profit.note]).toEqual(['0.00', 0, 'realised today +35.00 USD']);
    expect(riskRows(state({ usage: null, usageNote: 'Use shows once the vault is unlocked.' }), null).map((r) => r.use)).toEqual([null, null, null, null, null, null]);
  });

  it('put a limit of zero that is used at once past its end', () => {
    expect(riskRows(state({ limits: { ...state().limits, maxOpenOrders: '0' } }), null)[1]!.fraction).toBe(Infinity);
  });
});
