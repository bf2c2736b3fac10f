/**
 * Property tests of the portfolio's numbers (docs/decisions/41-portfolio-numbers/) over generated
 * wallets and accounts, through the real assembly: service rows → `toPositionView` →
 * `assemblePortfolio` (`walletFigures`, `sumFigures`) → the chart's `valueSeries`, and the
 * history behind the chart (`loadHoldingHistory`, `replayBack`) and realised P&L (`realisationsOf`).
 *
 * The cases come from a seeded generator (the sandbox's Prng) rather than fast-check: the same
 * cases every run, no new dependency, and a failure names its seed, which replays it exactly.
 */
import { describe, expect, it } from 'vitest';
import { assemblePortfolio } from '../../../src/main/core/portfolio/portfolioAssembly';
import { loadHoldingHistory } from '../../../src/main/core/portfolio/holdingHistory';
import { replayBack } from '../../../src/main/core/portfolio/holdingsReplay';
import { toPositionView } from '../../../src/main/core/portfolio/positionViews';
import { realisationsOf, realisedSince } from '../../../src/main/core/portfolio/realisedPnl';
import type { HoldingChange } from '../../../src/main/core/history/activityTable';
import { valueSeries } from '../../../src/renderer/views/portfolio/valueSeries';
import type { WalletExtras } from '../../../src/shared/portfolioFigures';
import type { PortfolioFigures, PortfolioView, WalletRef } from '../../../src/shared/portfolioViews';
import type { PositionRow } from '../../../src/shared/protocol/analytics';
import { Prng } from '../../../src/sandbox/random/prng';

const CASES = 300;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
/** A decimal string of whole cents as an integer, exactly (the test's own arithmetic). */
const cents = (value: string | null): number => {
  expect(value, 'an amount in whole cents').toMatch(/^-?\d+\.\d{2}$/);
  const [whole, fraction] = value!.replace('-', '').split('.');
  return (value!.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
};

function positionRow(rng: Prng, wallet: string, index: number): PositionRow {
  const size = round(rng.next() * (rng.chance(0.2) ? 200_000 : 500) + 0.01, 2);
  const avg = round(0.001 + rng.next() * 0.998, 4);
  const redeemable = rng.chance(0.08);
  const price = redeemable ? (rng.chance(0.5) ? 1 : 0) : rng.chance(0.12) ? null : round(rng.next(), 3);
  const initial = rng.chance(0.05) ? null : round(size * avg, 4);
  return {
    proxy_wallet: wallet, condition_id: `0x${index}`, token_id: `${wallet}-${index}`, market_id: `m${index}`, event_id: `e${index}`, event_slug: `s${index}`,
    title: `Market ${index}`, outcome: 'Yes', outcome_index: 0, size, avg_price: avg, initial_value: initial,
    current_value: price === null ? null : round(size * price, 4), cash_pnl: null, percent_pnl: null, realized_pnl: 0,
    cur_price: price, redeemable, tradable: !redeemable && rng.chance(0.85), end_date: null,
  };
}

function extras(rng: Prng, wallet: WalletRef): WalletExtras {
  const own = wallet.accountId !== null && !wallet.watchOnly;
  const balance = round(rng.next() * 50_000, rng.chance(0.5) ? 2 : 6);
  const cash = own && rng.chance(0.9) ? { balance: String(balance), inOrders: String(round(balance * rng.next(), 6)) } : null;
  return {
    cash,
    perpsEquity: own && rng.chance(0.4) ? String(round(rng.next() * 10_000, 6)) : null,
    realisedPnl: rng.chance(0.8) ? String(round((rng.next() - 0.5) * 20_000, 6)) : null,
    missing: cash ? [] : [{ wallet: wallet.label ?? wallet.address, part: 'cash', reason: 'not readable here' }],
  };
}

interface GeneratedWallet {
  wallet: WalletRef;
  rows: PositionRow[];
  mids: Map<string, number>;
  extras: WalletExtras;
}

function generateAccounts(seed: number): GeneratedWallet[] {
  const rng = new Prng(seed, 'portfolio-numbers');
  return Array.from({ length: rng.int(1, 4) }, (_, w) => {
    const address = `0x${String(w + 1).padStart(40, '0')}`;
    const watchOnly = rng.chance(0.3);
    const wallet: WalletRef = { address, accountId: `acc-${w}`, label: `Account ${w}`, watchOnly };
    const rows = Array.from({ length: rng.int(0, 40) }, (_, i) => positionRow(rng, address, i));
    const mids = new Map(rows.filter((r) => r.tradable && rng.chance(0.7)).map((r) => [r.token_id, round(rng.next(), 3)]));
    return { wallet, rows, mids, extras: extras(rng, wallet) };
  });
}

/** The view of some of the generated wallets, through the same code the service runs. */
function viewOf(wallets: GeneratedWallet[], target: PortfolioView['target']): PortfolioView {
  return assemblePortfolio(
    target,
    'all',
    wallets.map(({ wallet, rows, mids, extras: x }) => ({
      wallet,
      snapshot: { takenAt: 1_800_000_000_000, positions: rows, closed: [] },
      positions: rows.map((row) => toPositionView(wallet, row, mids.get(row.token_id))),
      extras: x,
    })),
    null,
  );
}

const sumOf = (values: readonly string[]) => values.reduce((sum, v) => sum + cents(v), 0);
const optionalSum = (values: ReadonlyArray<string | null>) => {
  const known = values.filter((v): v is string => v !== null);
  return known.length === 0 ? null : sumOf(known);
};

describe('portfolio numbers over generated wallets and accounts', () => {
  it('the rows add up to the header, and P&L = Value − Cost on every row and in total', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const view = viewOf(generateAccounts(seed), { kind: 'all' });
      const { totals, positions } = view;
      const priced = positions.filter((p) => p.currentValue !== null && p.initialValue !== null);
      const unpriced = positions.filter((p) => p.currentValue === null);
      const noCost = positions.filter((p) => p.currentValue !== null && p.initialValue === null);
      const at = `seed ${seed}`;
      expect(totals.positions, at).toBe(positions.length);
      expect([totals.priced, totals.unpriced, totals.noCostBasis], at).toEqual([priced.length, unpriced.length, noCost.length]);
      expect(cents(totals.value), at).toBe(sumOf(priced.map((p) => p.currentValue!)));
      expect(cents(totals.cost), at).toBe(sumOf(priced.map((p) => p.initialValue!)));
      expect(cents(totals.unpricedCost), at).toBe(sumOf(unpriced.map((p) => p.initialValue ?? '0.00')));
      expect(cents(totals.noCostBasisValue), at).toBe(sumOf(noCost.map((p) => p.currentValue!)));
      expect(cents(totals.redeemableValue), at).toBe(sumOf(positions.filter((p) => p.redeemable && p.currentValue !== null).map((p) => p.currentValue!)));
      expect(priced.map((p) => cents(p.cashPnl)), at).toEqual(priced.map((p) => cents(p.currentValue) - cents(p.initialValue)));
      expect([...unpriced, ...noCost].map((p) => [p.cashPnl, p.percentPnl]), at).toEqual([...unpriced, ...noCost].map(() => [null, null]));
      expect(unpriced.every((p) => p.unpricedReason?.startsWith('No price: ')), at).toBe(true);
      expect(cents(totals.unrealisedPnl), at).toBe(cents(totals.value) - cents(totals.cost));
      expect(cents(totals.unrealisedPnl), at).toBe(sumOf(priced.map((p) => p.cashPnl!)));
    }
  });

  it('cash and perps equity are in the total: Total = Cash + Value + value without a cost basis + Perps equity', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const accounts = generateAccounts(seed);
      const view = viewOf(accounts, { kind: 'all' });
      const { totals } = view;
      const at = `seed ${seed}`;
      expect(cents(totals.total), at).toBe((totals.cash === null ? 0 : cents(totals.cash)) + cents(totals.value) + cents(totals.noCostBasisValue) + (totals.perpsEquity === null ? 0 : cents(totals.perpsEquity)));
      // The cash is the accounts' order-book balances, each to the cent; what orders hold is part of it.
      const balances = accounts.filter((a) => a.extras.cash).map((a) => Math.round(Number(a.extras.cash!.balance) * 100));
      expect(totals.cash === null ? null : cents(totals.cash), at).toBe(balances.length === 0 ? null : balances.reduce((s, b) => s + b, 0));
      if (totals.cash !== null) expect(cents(totals.cashInOrders), at).toBeLessThanOrEqual(cents(totals.cash));
      // Nothing read is dropped silently: every wallet without cash is named among the missing parts.
      const withoutCash = accounts.filter((a) => a.extras.cash === null).map((a) => a.wallet.label);
      expect(totals.missing.filter((m) => m.part === 'cash').map((m) => m.wallet), at).toEqual(withoutCash);
    }
  });

  it('all accounts = the sum of the accounts, figure by figure', () => {
    const additive: Array<keyof PortfolioFigures> = ['value', 'cost', 'unrealisedPnl', 'unpricedCost', 'noCostBasisValue', 'redeemableValue', 'total'];
    const optional: Array<keyof PortfolioFigures> = ['cash', 'cashInOrders', 'perpsEquity', 'realisedPnl'];
    const counts: Array<keyof PortfolioFigures> = ['positions', 'priced', 'unpriced', 'noCostBasis'];
    for (let seed = 1; seed <= CASES; seed++) {
      const accounts = generateAccounts(seed);
      const all = viewOf(accounts, { kind: 'all' });
      const each = accounts.map((a) => viewOf([a], { kind: 'account', accountId: a.wallet.accountId! }).totals);
      const at = `seed ${seed}`;
      for (const key of additive) expect(cents(all.totals[key] as string), `${at} ${key}`).toBe(sumOf(each.map((t) => t[key] as string)));
      for (const key of optional) expect(all.totals[key] === null ? null : cents(all.totals[key] as string), `${at} ${key}`).toBe(optionalSum(each.map((t) => t[key] as string | null)));
      for (const key of counts) expect(all.totals[key], `${at} ${key}`).toBe(each.reduce((sum, t) => sum + (t[key] as number), 0));
      expect(all.byWallet.map((w) => w.total), at).toEqual(each.map((t) => t.total));
      expect(all.positions, at).toEqual(accounts.flatMap((a) => viewOf([a], { kind: 'account', accountId: a.wallet.accountId! }).positions));
    }
  });

  it("the chart's last point is the header's value of the positions with a price, whatever the history", () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const rng = new Prng(seed, 'chart');
      const view = viewOf(generateAccounts(seed), { kind: 'all' });
      const now = Math.floor(view.asOf / 1000);
      const past = Array.from({ length: rng.int(0, 30) }, (_, i) => ({ time: now - (i + 1) * 86_400 + rng.int(-100, 100), value: round(rng.next() * 1e6, 2) })).reverse();
      const points = valueSeries({ points: past, method: '', syncing: null }, view);
      const last = points.at(-1)!;
      const priced = view.positions.filter((p) => p.currentValue !== null);
      expect(last.time, `seed ${seed}`).toBe(now);
      expect(Math.round(last.value * 100), `seed ${seed}`).toBe(sumOf(priced.map((p) => p.currentValue!)));
      expect(Math.round(last.value * 100), `seed ${seed}`).toBe(cents(view.totals.value) + cents(view.totals.noCostBasisValue));
      for (let i = 1; i < points.length; i++) expect(points[i]!.time, `seed ${seed}`).toBeGreaterThan(points[i - 1]!.time);
      // Before the history arrives (or while it syncs) the chart is that one point.
      expect(valueSeries(null, view), `seed ${seed}`).toEqual([last]);
    }
  });
});

/** A wallet's activity: trades, splits, merges and redemptions over `days`, and what a forward pass holds after each day. */
function generateActivity(seed: number, days: number) {
  const rng = new Prng(seed, 'activity');
  const markets = Array.from({ length: rng.int(1, 4) }, (_, m) => ({ condition: `0xc${m}`, tokens: [`yes${m}`, `no${m}`] }));
  const changes: HoldingChange[] = [];
  const held = new Map<string, number>();
  const heldAtDayEnd: Array<Map<string, number>> = [];
  for (let day = 0; day < days; day++) {
    // In time order within the day, so a sale never comes before the buy that made it possible.
    const times = Array.from({ length: rng.int(0, 6) }, () => day * 86_400 + rng.int(1, 86_399)).sort((a, b) => a - b);
    for (const ts of times) {
      const market = rng.pick(markets);
      const token = rng.pick(market.tokens);
      const size = round(rng.next() * 100 + 0.01, 2);
      const kind = rng.int(0, 4);
      const base = { ts, condition_id: market.condition, price: null, size_usdc: null } as const;
      if (kind <= 1) {
        changes.push({ ...base, type: 'TRADE', token_id: token, side: 'BUY', size, price: round(rng.next(), 2) });
        held.set(token, (held.get(token) ?? 0) + size);
      } else if (kind === 2 && (held.get(token) ?? 0) > 0) {
        const sold = round(Math.min(size, held.get(token)!), 2);
        changes.push({ ...base, type: 'TRADE', token_id: token, side: 'SELL', size: sold, price: round(rng.next(), 2) });
        held.set(token, held.get(token)! - sold);
      } else if (kind === 3) {
        changes.push({ ...base, type: 'SPLIT', token_id: null, side: null, size });
        for (const t of market.tokens) held.set(t, (held.get(t) ?? 0) + size);
      } else if ((held.get(token) ?? 0) > 0) {
        changes.push({ ...base, type: 'REDEEM', token_id: token, side: null, size: held.get(token)!, price: rng.chance(0.5) ? 1 : 0 });
        held.set(token, 0);
      }
    }
    heldAtDayEnd.push(new Map(held));
  }
  return { changes, markets, heldAtDayEnd, held };
}

describe('the histories behind the chart and realised P&L, over generated activity', () => {
  it('worked back from today, the holdings at every past day end are what a forward pass held then', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const days = 12;
      const { changes, markets, heldAtDayEnd, held } = generateActivity(seed, days);
      const history = loadHoldingHistory(changes, new Map(markets.map((m) => [m.condition, m.tokens])));
      const dayEnds = Array.from({ length: days - 1 }, (_, d) => (d + 1) * 86_400);
      replayBack(history, held, dayEnds, (dayEnd, shares, tokens) => {
        const expected = heldAtDayEnd[dayEnd / 86_400 - 1]!;
        const off = tokens.filter((token, i) => Math.abs(shares[i]! - (expected.get(token) ?? 0)) > 1e-6);
        expect(off, `seed ${seed} day ${dayEnd / 86_400}`).toEqual([]);
      });
    }
  });

  it('realised P&L is what was received minus what the shares that left had cost, and periods add up', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const { changes, markets } = generateActivity(seed, 10);
      const outcomes = new Map(markets.map((m) => [m.condition, m.tokens]));
      const replay = (rows: HoldingChange[]) => realisationsOf(loadHoldingHistory(rows, outcomes));
      const realisations = replay(changes);
      // Money in and out of the positions: buys and splits paid, sells and redemptions received.
      const paid = changes.reduce((sum, c) => sum + (c.type === 'SPLIT' ? c.size! : c.type === 'TRADE' && c.side === 'BUY' ? c.size! * c.price! : 0), 0);
      const received = changes.reduce((sum, c) => sum + (c.type === 'REDEEM' || (c.type === 'TRADE' && c.side === 'SELL') ? c.size! * c.price! : 0), 0);
      // What is still held is at its cost: the replay of the whole history with nothing sold since.
      const held = replay([...changes, ...markets.flatMap((m) => m.tokens.map((token) => ({ ts: 1e9, type: 'REDEEM', condition_id: m.condition, token_id: token, side: null, size: 0, price: 0, size_usdc: null })))]);
      const stillHeldCost = realisedSince(realisations, -Infinity) - realisedSince(held, -Infinity);
      expect(realisedSince(realisations, -Infinity), `seed ${seed}`).toBeCloseTo(received - (paid - stillHeldCost), 6);
      expect(realisations.unknownRows, `seed ${seed}`).toBe(0);
      // Any split of the time line: before + after = all.
      const cut = new Prng(seed, 'cut').int(0, 10 * 86_400);
      const after = realisedSince(realisations, cut);
      const before = realisedSince(realisations, -Infinity) - after;
      const direct = replay(changes.filter((c) => c.ts < cut));
      expect(before, `seed ${seed}`).toBeCloseTo(realisedSince(direct, -Infinity), 6);
    }
  });
});
