/**
 * The sandbox's perpetual instruments and their mark-price paths. The spec has no route that
 * lists instruments; start.ts exports this list so the core can put it in the sandbox profile.
 *
 * Mark price at time t (ms): base · exp(Σ amplitude_k · valueNoise(seed, k, t)), a few octaves
 * (weekly, daily, hourly, minute, second) of seeded value noise: O(1) for any t, the same for a
 * seed, no timers. Funding rates are seeded per (instrument, funding interval index).
 */
import type { PerpsInstrument } from '../../../shared/protocol/perps';
import { noiseSigned, valueNoise } from './seededNoise';

export interface InstrumentSpec extends PerpsInstrument {
  basePrice: number;
  /** Decimals of prices (tick 10^-priceDecimals). */
  priceDecimals: number;
  /** Decimals of trade quantities. */
  quantityDecimals: number;
  /** Typical trade quantity, in contracts. */
  typicalQuantity: number;
}

export const INSTRUMENT_SPECS: readonly InstrumentSpec[] = [
  { id: 1, symbol: 'BTC-USD-PERP', basePrice: 68_000, priceDecimals: 1, quantityDecimals: 4, typicalQuantity: 0.25 },
  { id: 2, symbol: 'ETH-USD-PERP', basePrice: 3_400, priceDecimals: 2, quantityDecimals: 3, typicalQuantity: 4 },
  { id: 3, symbol: 'SOL-USD-PERP', basePrice: 160, priceDecimals: 3, quantityDecimals: 2, typicalQuantity: 60 },
];

export const PERPS_INSTRUMENTS: readonly PerpsInstrument[] = INSTRUMENT_SPECS.map(({ id, symbol }) => ({ id, symbol }));

export const instrumentSpec = (id: number): InstrumentSpec | undefined => INSTRUMENT_SPECS.find((i) => i.id === id);

/** [step ms, amplitude of log price]. */
const OCTAVES: ReadonlyArray<readonly [number, number]> = [
  [7 * 86_400_000, 0.12],
  [86_400_000, 0.05],
  [3_600_000, 0.015],
  [60_000, 0.004],
  [1_000, 0.0008],
];

/** The mark price as a number, rounded to the instrument's tick. */
export function markPrice(seed: number, instrument: InstrumentSpec, timeMs: number): number {
  let logOffset = 0;
  for (const [stepMs, amplitude] of OCTAVES) logOffset += amplitude * valueNoise(seed, `perps-mark-${instrument.id}-${stepMs}`, timeMs, stepMs);
  const scale = 10 ** instrument.priceDecimals;
  return Math.round(instrument.basePrice * Math.exp(logOffset) * scale) / scale;
}

/** Funding rate of one funding interval (index = boundary / interval): within ±0.05 %, slightly positive on average. */
export function fundingRate(seed: number, instrumentId: number, intervalMs: number, boundaryMs: number): number {
  const raw = 0.0001 + 0.0004 * noiseSigned(seed, `perps-funding-${instrumentId}-${intervalMs}`, Math.floor(boundaryMs / intervalMs));
  return Math.round(raw * 1e8) / 1e8;
}
