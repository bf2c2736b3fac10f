/**
 * The perps world's pure parts: O(1) seeded price paths, per-slot trades, the weight window,
 * and the state section reading files written before the paper side existed.
 */
import { describe, expect, it } from 'vitest';
import { decodePerpsAccounts } from '../../../src/sandbox/perps/perpsAccountsState';
import { WeightMeter } from '../../../src/sandbox/perps/weightMeter';
import { fundingRate, INSTRUMENT_SPECS, markPrice } from '../../../src/sandbox/perps/world/instruments';
import { listTrades, slotTrades, TRADE_SLOT_MS } from '../../../src/sandbox/perps/world/publicTrades';
import { decimalString, parseAssetAmount } from '../../../src/sandbox/perps/decimalText';

const T = Date.UTC(2026, 10, 20);

describe('mark price paths', () => {
  it('give the same price for a time whatever was asked before, differ by seed and move over time', () => {
    const [btc] = INSTRUMENT_SPECS;
    const later = markPrice(7, btc!, T + 86_400_000);
    expect(markPrice(7, btc!, T)).toBe(markPrice(7, btc!, T));
    expect(markPrice(7, btc!, T + 86_400_000)).toBe(later);
    expect(markPrice(8, btc!, T)).not.toBe(markPrice(7, btc!, T));
    expect(later).not.toBe(markPrice(7, btc!, T));
    // Continuous: one second apart, well within a percent.
    expect(Math.abs(markPrice(7, btc!, T + 1000) / markPrice(7, btc!, T) - 1)).toBeLessThan(0.01);
    for (const instrument of INSTRUMENT_SPECS) {
      const price = markPrice(7, instrument, T);
      expect(price / instrument.basePrice).toBeGreaterThan(0.5);
      expect(price / instrument.basePrice).toBeLessThan(2);
    }
  });

  it('fund at a bounded rate per interval', () => {
    const rates = Array.from({ length: 200 }, (_, i) => fundingRate(7, 1, 3_600_000, T + i * 3_600_000));
    expect(Math.max(...rates.map(Math.abs))).toBeLessThanOrEqual(0.0005);
    expect(new Set(rates).size).toBeGreaterThan(100);
  });
});

describe('public trades', () => {
  it('hold 1–3 trades per slot with increasing ids and times, and page newest first', () => {
    const eth = INSTRUMENT_SPECS[1]!;
    const slot = T / TRADE_SLOT_MS;
    const trades = slotTrades(7, eth, slot);
    expect(trades.length).toBeGreaterThanOrEqual(1);
    expect(trades.length).toBeLessThanOrEqual(3);
    expect(slotTrades(7, eth, slot)).toEqual(trades);
    const page = listTrades(7, eth, 0, T, 50);
    expect(page.more).toBe(true);
    expect(page.data).toHaveLength(50);
    for (let i = 1; i < page.data.length; i += 1) {
      expect(page.data[i]!.trade_id).toBeLessThan(page.data[i - 1]!.trade_id);
      expect(page.data[i]!.timestamp).toBeLessThanOrEqual(page.data[i - 1]!.timestamp);
    }
    expect(listTrades(7, eth, T, T - 1, 50)).toEqual({ data: [], more: false });
  });
});

describe('weight meter', () => {
  it('slides per client, refuses without counting, and reports the counters', () => {
    let now = 0;
    const meter = new WeightMeter({ limit: 10, windowMs: 1000 }, () => now);
    expect(meter.admit('a', 6)).toEqual({ ok: true });
    now = 500;
    expect(meter.admit('a', 4)).toEqual({ ok: true });
    expect(meter.admit('a', 1)).toEqual({ ok: false, retryAfterS: 1 });
    expect(meter.admit('b', 10)).toEqual({ ok: true });
    now = 1000;
    expect(meter.admit('a', 5)).toEqual({ ok: true });
    expect(meter.stats()).toMatchObject({ totalWeight: 25, rejected: 1, maxInWindow: 10, limit: 10, windowMs: 1000 });
    expect(meter.stats().clients.find((c) => c.client === 'a')).toEqual({ client: 'a', totalWeight: 15, inWindow: 9, maxInWindow: 10, rejected: 1 });
  });
});

describe('decimal text', () => {
  it('parses amounts exactly within the asset decimals and writes plain decimals', () => {
    expect(parseAssetAmount('1.000001', 6)).toBe(1_000_001n);
    expect(parseAssetAmount('0.000000000000000001', 18)).toBe(1n);
    expect(parseAssetAmount('1.0000001', 6)).toBe('has more than 6 decimals');
    expect(parseAssetAmount('0', 6)).toBe('must be greater than 0');
    expect(parseAssetAmount('-1', 6)).toMatch(/positive decimal/);
    expect(parseAssetAmount('1e3', 6)).toMatch(/positive decimal/);
    expect(decimalString(-0.0000001, 6)).toBe('0');
    expect(decimalString(12.5, 6)).toBe('12.5');
  });
});

describe('perps state section', () => {
  it('reads a file written before balances, transfers and referral times were saved', () => {
    const owner = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    const snapshot = decodePerpsAccounts({
      accounts: [{ address: owner, createdAtMs: 1, inviteCode: 'MDAAAA0000', childrenCount: 0 }],
      referralCodes: [{ code: 'MDAAAA0000', owner, left: 10 }],
      proxies: [],
      spentSalts: {},
    });
    expect(snapshot.books).toEqual([]);
    expect(snapshot.transfers).toEqual([]);
    expect(snapshot.codes[0]!.usedAtMs).toBeUndefined();
  });

  it('refuses a malformed balance, naming where', () => {
    expect(() => decodePerpsAccounts({
      accounts: [], referralCodes: [], proxies: [], spentSalts: {},
      books: [{ address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', openedAtMs: 0, fundedThroughMs: 0, balances: { USDC: '1.5' } }],
    })).toThrow(/perpsAccounts\.books\[0\]\.balances\.USDC/);
  });
});
