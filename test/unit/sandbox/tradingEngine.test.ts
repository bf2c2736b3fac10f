/**
 * The trading engine's parts without HTTP: the two-layer book (price-time priority, user
 * orders before simulated levels at a price, uncrossing on re-quotes), integer amounts,
 * paging cursors, timed exchange modes, the seeded price series, and a soak of the running
 * simulation with resting user orders that checks the books stay uncrossed and every
 * reservation adds up.
 */
import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { Exchange } from '../../../src/sandbox/clob/exchange';
import { MarketBook, type BookFill, type Level } from '../../../src/sandbox/clob/marketBook';
import { Simulator } from '../../../src/sandbox/simulation/simulator';
import { formatBaseUnits, limitPips, parseDecimalAmount } from '../../../src/sandbox/trading/amounts';
import { ExchangeMode } from '../../../src/sandbox/trading/exchangeMode';
import type { ParsedOrder } from '../../../src/sandbox/trading/orderPayload';
import { reservedAssetOf } from '../../../src/sandbox/trading/orderStore';
import { decodeCursor, encodeCursor, pageOf } from '../../../src/sandbox/trading/paging';
import { COLLATERAL } from '../../../src/sandbox/trading/paperLedger';
import { PriceSeries } from '../../../src/sandbox/trading/priceSeries';
import { TradingDesk } from '../../../src/sandbox/trading/tradingDesk';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';

const L = (price: number, size: number): Level => ({ price, size });

describe('the two-layer book', () => {
  it('sums user orders into the public ladder and mirrors them for No', () => {
    const book = new MarketBook(100);
    book.replace([L(4_500, 1_000)], [L(4_700, 500)]);
    book.addResting('bids', 'u1', 4_500, 200);
    book.addResting('bids', 'u2', 4_600, 300);
    expect(book.view(0).bids).toEqual([L(4_600, 300), L(4_500, 1_200)]);
    expect(book.view(1).asks).toEqual([L(5_400, 300), L(5_500, 1_200)]);
    expect(() => book.addResting('bids', 'u3', 4_700, 100)).toThrow(/crossed/);
  });

  it('fills user orders before simulated levels at a price, and earlier users first', () => {
    const book = new MarketBook(100);
    book.replace([L(4_000, 1_000)], [L(4_700, 500), L(4_800, 500)]);
    book.addResting('asks', 'first', 4_700, 100);
    book.addResting('asks', 'second', 4_700, 100);
    const fills = book.sweep('BUY', 900, 4_700);
    expect(fills).toEqual([
      { price: 4_700, size: 100, side: 'BUY', makerOrderId: 'first' },
      { price: 4_700, size: 100, side: 'BUY', makerOrderId: 'second' },
      { price: 4_700, size: 500, side: 'BUY', makerOrderId: null },
    ]);
    expect(book.view(0).asks).toEqual([L(4_800, 500)]);
    expect(book.fillable('BUY', 1_000, 4_800)).toBe(500);
    expect(book.crosses('SELL', 4_100)).toBe(false);
    expect(book.crosses('SELL', 4_000)).toBe(true);
  });

  it('lets a simulated re-quote through a resting order trade at the user\'s price', () => {
    const book = new MarketBook(100);
    const seen: BookFill[] = [];
    book.onHouseFills = (fills) => seen.push(...fills);
    book.replace([L(4_000, 1_000)], [L(4_700, 500)]);
    book.addResting('bids', 'u', 4_500, 300);
    book.replace([L(4_200, 1_000)], [L(4_400, 200), L(4_600, 900)]);
    expect(seen).toEqual([{ price: 4_500, size: 200, side: 'SELL', makerOrderId: 'u' }]);
    expect(book.view(0).bids[0]).toEqual(L(4_500, 100));
    expect(book.view(0).asks[0]).toEqual(L(4_600, 900));
    // A simulated taker sweeps users too.
    book.take('SELL', 150);
    expect(seen.slice(1)).toEqual([
      { price: 4_500, size: 100, side: 'SELL', makerOrderId: 'u' },
      { price: 4_200, size: 50, side: 'SELL', makerOrderId: null },
    ]);
    expect(book.resting.count).toBe(0);
  });
});

describe('integer amounts', () => {
  it('reads limit prices from signed amounts, rounded so no fill can exceed what was signed', () => {
    expect(limitPips('BUY', 11_782_400n, 21_040_000n)).toBe(5_600n);
    expect(limitPips('BUY', 100_000_000n, 178_571_400n)).toBe(5_600n);
    expect(limitPips('BUY', 117_824n, 21_040_000n)).toBe(56n);
    expect(limitPips('SELL', 21_040_000n, 11_782_400n)).toBe(5_600n);
    expect(limitPips('SELL', 3n, 1n)).toBe(3_334n);
  });

  it('formats and parses decimal amounts exactly', () => {
    expect(formatBaseUnits(10_520_000n)).toBe('10.52');
    expect(formatBaseUnits(5n)).toBe('0.000005');
    expect(formatBaseUnits(0n)).toBe('0');
    expect(parseDecimalAmount('12.5')).toBe(12_500_000n);
    expect(parseDecimalAmount(0.1)).toBe(100_000n);
    expect(parseDecimalAmount('1.0000001')).toBeNull();
    expect(parseDecimalAmount('-1')).toBeNull();
  });
});

describe('paging cursors', () => {
  it('uses base64 offsets with MA== first and LTE= at the end', () => {
    expect(decodeCursor(null)).toBe(0);
    expect(decodeCursor('MA==')).toBe(0);
    expect(decodeCursor('LTE=')).toBe('end');
    expect(decodeCursor(encodeCursor(500))).toBe(500);
    expect(decodeCursor('zz')).toBeNull();
    expect(pageOf([1, 2, 3], 0, 2)).toEqual({ data: [1, 2], next_cursor: 'Mg==', limit: 2, count: 2 });
    expect(pageOf([1, 2, 3], 2, 2)).toEqual({ data: [3], next_cursor: 'LTE=', limit: 2, count: 1 });
  });
});

describe('timed exchange modes', () => {
  it('runs restart, then post-only, then normal, on the clock alone', () => {
    let now = 1_000_000;
    const mode = new ExchangeMode(() => now);
    mode.set({ mode: 'restarting', durationSeconds: 90, postOnlySeconds: 120 });
    expect(mode.tradingGate()?.status).toBe(425);
    expect(mode.tradingGate()?.headers).toEqual({ 'retry-after': '90' });
    now += 90_000;
    expect(mode.tradingGate()).toBeNull();
    const refused = mode.orderGate(false);
    expect(refused?.body).toEqual({ error: 'post-only mode: only post-only orders and cancels are allowed', code: 'post_only_mode', retry_after_seconds: 120 });
    expect(mode.orderGate(true)).toBeNull();
    expect(mode.cancelGate()).toBeNull();
    now += 120_000;
    expect(mode.status()).toEqual({ mode: 'normal', untilMs: null, next: [] });
  });
});

describe('the seeded price series', () => {
  it('is the same for a seed, stays on tick inside the bounds and ends at the opening price', () => {
    const params = { key: 'm', seed: 7, fairPips: 4_300, tickPips: 100, minSizeCents: 500, anchorMinute: 29_000_000 };
    const a = new PriceSeries(params);
    const b = new PriceSeries(params);
    const other = new PriceSeries({ ...params, seed: 8 });
    const minutes = Array.from({ length: 300 }, (_, i) => params.anchorMinute - 1 - i * 137);
    expect(minutes.map((m) => a.priceAt(m))).toEqual(minutes.map((m) => b.priceAt(m)));
    expect(minutes.map((m) => a.priceAt(m))).not.toEqual(minutes.map((m) => other.priceAt(m)));
    for (const m of minutes) {
      const p = a.priceAt(m) as number;
      expect(p % 100).toBe(0);
      expect(p).toBeGreaterThanOrEqual(100);
      expect(p).toBeLessThanOrEqual(9_900);
    }
    expect(a.priceAt(params.anchorMinute)).toBe(4_300);
    expect(a.priceAt(a.startMinute - 1)).toBeNull();
    a.record(params.anchorMinute * 60_000 + 5_000, 4_500, 300);
    a.record(params.anchorMinute * 60_000 + 9_000, 4_400, 200);
    expect(a.candle(params.anchorMinute, params.anchorMinute + 1)).toEqual({ open: 4_300, high: 4_500, low: 4_300, close: 4_400, volume: 500 });
  });
});

describe('user orders in the running simulation', () => {
  const user = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}` as Hex;

  function order(maker: Hex, tokenId: string, side: 'BUY' | 'SELL', pips: number, cents: number): ParsedOrder {
    const shares = BigInt(cents) * 10_000n;
    const collateral = BigInt(cents) * BigInt(pips);
    return {
      version: 2, message: {} as ParsedOrder['message'], maker, signer: maker, tokenId,
      makerAmount: side === 'BUY' ? collateral : shares, takerAmount: side === 'BUY' ? shares : collateral,
      side, signatureType: 0, expiration: 0n, signature: '0x', owner: 'key', orderType: 'GTC', postOnly: false,
    };
  }

  it('keeps books uncrossed and reservations exact while the simulation trades with users', () => {
    const exchange = new Exchange(buildWorld(7));
    const simulator = new Simulator(exchange, 7);
    const desk = new TradingDesk(exchange, 7);
    const markets = exchange.liveMarkets().filter((e) => e.market.tickSize === '0.01').slice(0, 12);
    let n = 0;
    for (const [i, entry] of markets.entries()) {
      const maker = user(i % 4);
      desk.ledger.credit(maker, COLLATERAL, 100_000_000_000n);
      const tick = entry.book.tickPips;
      const bid = entry.book.bestBid()?.price as number;
      const ask = entry.book.bestAsk()?.price as number;
      for (const [tokenIndex, pips] of [[0, bid + tick], [1, 10_000 - ask + tick], [0, bid], [1, 10_000 - bid - tick]] as const) {
        if (pips < tick || pips > 10_000 - tick) continue;
        const placed = desk.place(order(maker, entry.market.tokenIds[tokenIndex], 'BUY', pips, 2_000), `0x${(n += 1).toString(16).padStart(64, '0')}` as Hex, 'key');
        expect(placed.ok, JSON.stringify(placed)).toBe(true);
      }
    }
    for (let step = 0; step < 1_500; step += 1) {
      simulator.step();
      if (step % 100 !== 0) continue;
      for (const entry of markets) {
        const view = entry.book.view(0);
        if (view.bids[0] && view.asks[0]) expect(view.bids[0].price).toBeLessThan(view.asks[0].price);
      }
    }
    expect(simulator.snapshot().failure).toBeUndefined();
    // The simulation itself traded with the resting user orders (a simulated taker or re-quote).
    expect(desk.trades.all().some((t) => t.takerSigner === null)).toBe(true);
    // Held = balance - available, per address and asset, must be the sum of the open orders' reservations.
    const held = new Map<string, bigint>();
    for (const o of desk.orders.openOrders()) {
      const key = `${o.maker}|${reservedAssetOf(o)}`;
      held.set(key, (held.get(key) ?? 0n) + o.reserved);
      expect(o.reserved).toBeGreaterThanOrEqual(0n);
    }
    for (let i = 0; i < 4; i += 1) {
      const address = user(i).toLowerCase();
      expect(desk.ledger.balance(address, COLLATERAL) - desk.ledger.available(address, COLLATERAL)).toBe(held.get(`${address}|${COLLATERAL}`) ?? 0n);
    }
    for (const o of desk.orders.all()) {
      if (o.status === 'MATCHED') expect(o.sizeMatched).toBe(o.originalSize);
      if (o.status !== 'LIVE') expect(o.reserved).toBe(0n);
    }
  });
});
