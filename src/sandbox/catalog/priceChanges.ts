/**
 * The catalog's price-change fields (`oneHourPriceChange`, `oneDayPriceChange`,
 * `oneWeekPriceChange`) from the market's own price series: the Yes price now minus the Yes
 * price that long ago, in price units (0.05 = five cents), as the public catalog serves them.
 * The series is the one `/prices-history` and `/ohlc` read, so the catalog and the chart agree.
 */
import { pipsToNumber } from '../clob/units';

/** The part of a price series this needs (trading/priceSeries.ts). */
export interface PriceAt {
  priceAt(minute: number): number | null;
}

const HOUR = 60;
const CHANGE_WINDOWS = { oneHourPriceChange: HOUR, oneDayPriceChange: 24 * HOUR, oneWeekPriceChange: 7 * 24 * HOUR } as const;

export type PriceChangeFields = Record<keyof typeof CHANGE_WINDOWS, number>;

/** Rounded to 4 decimals (a pip): float noise such as 0.05000000001 is not a change. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function priceChanges(series: PriceAt, nowMs: number): PriceChangeFields {
  const nowMinute = Math.floor(nowMs / 60_000);
  const now = series.priceAt(nowMinute);
  const change = (minutes: number) => {
    const then = series.priceAt(nowMinute - minutes);
    return now === null || then === null ? 0 : round(pipsToNumber(now) - pipsToNumber(then));
  };
  return {
    oneHourPriceChange: change(CHANGE_WINDOWS.oneHourPriceChange),
    oneDayPriceChange: change(CHANGE_WINDOWS.oneDayPriceChange),
    oneWeekPriceChange: change(CHANGE_WINDOWS.oneWeekPriceChange),
  };
}
