/**
 * The one definition of a portfolio's figures (docs/decisions/41-portfolio-numbers/): the core
 * assembles every wallet's figures and a view's totals with these functions, and the renderer's
 * value chart takes its last point from `chartedValue`, so the header, the rows, the per-wallet
 * lines and the chart cannot disagree. Money is counted in whole cents (integers): each row is
 * rounded to the cent once, and every total is the exact sum of the rounded parts it adds up.
 */
import type { MissingPart, PortfolioFigures, PositionView, WalletFigures, WalletRef } from './portfolioViews';

/** An amount in whole cents (a safe integer), half away from zero. */
export const toCents = (usd: number): number => Math.sign(usd) * Math.round(Math.abs(usd) * 100);

/** A decimal string ("12.3", "-0.005") in whole cents; null stays null. */
export const centsOf = (value: string | null): number | null => (value === null ? null : toCents(Number(value)));

/** Whole cents as a decimal string with two decimals: "12.30", "-0.05". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A share of a whole in percent units with two decimals ("12.50"), or null when the whole is 0. */
export const percentText = (part: number, whole: number): string | null =>
  whole === 0 ? null : (Math.round((part / whole) * 10_000) / 100).toFixed(2);

/** What a wallet holds besides its positions, each read on its own (null: not read, said in `missing`). */
export interface WalletExtras {
  cash: { balance: string; inOrders: string } | null;
  perpsEquity: string | null;
  realisedPnl: string | null;
  missing: MissingPart[];
}

/** A wallet's figures from its position rows and what it holds besides them. */
export function walletFigures(wallet: WalletRef, positions: readonly PositionView[], extras: WalletExtras): WalletFigures {
  let value = 0;
  let cost = 0;
  let priced = 0;
  let unpriced = 0;
  let unpricedCost = 0;
  let noCostBasis = 0;
  let noCostBasisValue = 0;
  let redeemable = 0;
  for (const p of positions) {
    const rowValue = centsOf(p.currentValue);
    const rowCost = centsOf(p.initialValue);
    if (rowValue === null) {
      unpriced += 1;
      unpricedCost += rowCost ?? 0;
      continue;
    }
    if (p.redeemable) redeemable += rowValue;
    if (rowCost === null) {
      noCostBasis += 1;
      noCostBasisValue += rowValue;
      continue;
    }
    priced += 1;
    value += rowValue;
    cost += rowCost;
  }
  const cash = extras.cash ? toCents(Number(extras.cash.balance)) : null;
  const perps = extras.perpsEquity === null ? null : toCents(Number(extras.perpsEquity));
  return {
    wallet,
    positions: positions.length,
    priced,
    value: centsText(value),
    cost: centsText(cost),
    unrealisedPnl: centsText(value - cost),
    unrealisedPercent: percentText(value - cost, cost),
    unpriced,
    unpricedCost: centsText(unpricedCost),
    noCostBasis,
    noCostBasisValue: centsText(noCostBasisValue),
    redeemableValue: centsText(redeemable),
    cash: cash === null ? null : centsText(cash),
    cashInOrders: extras.cash ? centsText(toCents(Number(extras.cash.inOrders))) : null,
    perpsEquity: perps === null ? null : centsText(perps),
    realisedPnl: extras.realisedPnl === null ? null : centsText(toCents(Number(extras.realisedPnl))),
    total: centsText((cash ?? 0) + value + noCostBasisValue + (perps ?? 0)),
    missing: extras.missing,
  };
}

/** A sum of optional figures: null when none of them is known. */
const sumKnown = (values: ReadonlyArray<string | null>): string | null => {
  const known = values.filter((v): v is string => v !== null);
  return known.length === 0 ? null : centsText(known.reduce((sum, v) => sum + centsOf(v)!, 0));
};
const sum = (values: readonly string[]) => centsText(values.reduce((total, v) => total + centsOf(v)!, 0));

/** The figures of several wallets: each figure the sum of theirs (the percentage from the sums). */
export function sumFigures(parts: readonly PortfolioFigures[]): PortfolioFigures {
  const pick = <K extends keyof PortfolioFigures>(key: K) => parts.map((p) => p[key]);
  const value = sum(pick('value'));
  const cost = sum(pick('cost'));
  return {
    positions: pick('positions').reduce((a, b) => a + b, 0),
    priced: pick('priced').reduce((a, b) => a + b, 0),
    value,
    cost,
    unrealisedPnl: sum(pick('unrealisedPnl')),
    unrealisedPercent: percentText(centsOf(value)! - centsOf(cost)!, centsOf(cost)!),
    unpriced: pick('unpriced').reduce((a, b) => a + b, 0),
    unpricedCost: sum(pick('unpricedCost')),
    noCostBasis: pick('noCostBasis').reduce((a, b) => a + b, 0),
    noCostBasisValue: sum(pick('noCostBasisValue')),
    redeemableValue: sum(pick('redeemableValue')),
    cash: sumKnown(pick('cash')),
    cashInOrders: sumKnown(pick('cashInOrders')),
    perpsEquity: sumKnown(pick('perpsEquity')),
    realisedPnl: sumKnown(pick('realisedPnl')),
    total: sum(pick('total')),
    missing: parts.flatMap((p) => p.missing),
  };
}

/** What the value chart charts, now: the value of every position with a price (with or without a cost basis). */
export const chartedValue = (figures: Pick<PortfolioFigures, 'value' | 'noCostBasisValue'>): number =>
  (centsOf(figures.value)! + centsOf(figures.noCostBasisValue)!) / 100;
