/**
 * Public trades of the perps world (`GET /v1/info/trades`), generated per time slot from the
 * seed: slot s of an instrument holds 1–3 trades whose times, prices, sizes and hashes depend only
 * on (seed, instrument, s), so any window is computed in O(slots) with stable ids and no storage.
 * Every slot holds at least one trade, so a newest-first page of n trades touches at most n + 2 slots.
 */
import { keccak256, toBytes } from 'viem';
import type { PerpsList, PerpsPublicTrade } from '../../../shared/protocol/perps';
import { pageByMillisecond } from '../listPage';
import { markPrice, type InstrumentSpec } from './instruments';
import { noise01, noiseSigned } from './seededNoise';

export const TRADE_SLOT_MS = 5_000;
const MAX_TRADES_PER_SLOT = 3;
/** Ids leave room for this many instruments: id = (slot · 4 + j) · 8 + instrument id. */
const ID_INSTRUMENT_SPACE = 8;

/** The trades of one slot, oldest first. */
export function slotTrades(seed: number, instrument: InstrumentSpec, slot: number): PerpsPublicTrade[] {
  const stream = `perps-trades-${instrument.id}`;
  const count = 1 + Math.floor(noise01(seed, `${stream}-count`, slot) * MAX_TRADES_PER_SLOT);
  const trades: PerpsPublicTrade[] = [];
  const startMs = slot * TRADE_SLOT_MS;
  for (let j = 0; j < count; j += 1) {
    // Times are spread over the slot in order, so ids and timestamps grow together.
    const offset = Math.floor(((j + noise01(seed, `${stream}-time-${j}`, slot)) / count) * TRADE_SLOT_MS);
    const timestamp = startMs + Math.min(TRADE_SLOT_MS - 1, offset);
    const tick = 10 ** instrument.priceDecimals;
    const price = Math.round(markPrice(seed, instrument, timestamp) * (1 + 0.0004 * noiseSigned(seed, `${stream}-px-${j}`, slot)) * tick) / tick;
    const qScale = 10 ** instrument.quantityDecimals;
    const quantity = Math.max(1, Math.round(instrument.typicalQuantity * (0.1 + 1.9 * noise01(seed, `${stream}-qty-${j}`, slot)) * qScale)) / qScale;
    const tradeId = (slot * (MAX_TRADES_PER_SLOT + 1) + j) * ID_INSTRUMENT_SPACE + instrument.id;
    trades.push({
      trade_id: tradeId,
      instrument_id: instrument.id,
      price: price.toFixed(instrument.priceDecimals),
      quantity: quantity.toFixed(instrument.quantityDecimals),
      timestamp,
      hash: keccak256(toBytes(`marketdesk-sandbox-perps-trade:${seed}:${tradeId}`)),
    });
  }
  return trades;
}

/**
 * Trades with timestamp in [startMs, endMs], newest first, at most `limit` (a page never ends
 * inside a millisecond: listPage.ts); `more` when older trades exist in the window.
 */
export function listTrades(seed: number, instrument: InstrumentSpec, startMs: number, endMs: number, limit: number): PerpsList<PerpsPublicTrade> {
  return pageByMillisecond(tradesNewestFirst(seed, instrument, startMs, endMs), limit, (trade) => trade.timestamp);
}

function* tradesNewestFirst(seed: number, instrument: InstrumentSpec, startMs: number, endMs: number): Generator<PerpsPublicTrade> {
  for (let slot = Math.floor(endMs / TRADE_SLOT_MS); slot >= 0 && (slot + 1) * TRADE_SLOT_MS > startMs; slot -= 1) {
    const trades = slotTrades(seed, instrument, slot);
    for (let j = trades.length - 1; j >= 0; j -= 1) {
      const trade = trades[j] as PerpsPublicTrade;
      if (trade.timestamp <= endMs && trade.timestamp >= startMs) yield trade;
    }
  }
}
