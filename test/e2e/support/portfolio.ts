/**
 * Reads the Portfolio view's numbers off the screen, as a person would check them: the header's
 * figures, every position row and the value chart's last point, in one moment (the view re-reads
 * every 5 s and live prices move), and checks that they add up to the cent.
 */
import { expect, type Page } from '@playwright/test';

/** The few browser globals used inside the page function (tests compile without the DOM library). */
interface ElementLike {
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): ElementLike | null;
}
interface DocumentLike {
  querySelector(selector: string): ElementLike | null;
  querySelectorAll(selector: string): ArrayLike<ElementLike>;
}

export interface ScreenRow {
  key: string;
  priced: boolean;
  cost: string;
  value: string;
  pnl: string;
  /** Why a row has no price (the title of its "no price" tag); null when it has one. */
  reason: string | null;
}

export interface PortfolioScreen {
  header: Record<'total' | 'cash' | 'value' | 'cost' | 'pnl' | 'perps' | 'count', string>;
  unpricedCost: string | null;
  rows: ScreenRow[];
  /** The "Per wallet" lines (all accounts), each wallet's cash, value and total. */
  wallets: Array<Record<'cash' | 'value' | 'total', string>>;
  chartNow: string;
}

/** "1,234.56" / "−12.00" / "+3.10" in whole cents; a dash (nothing) is null. */
export function cents(text: string): number | null {
  const clean = text.trim().replace(/,/g, '').replace('−', '-').replace(/^\+/, '');
  if (clean === '—' || clean === '') return null;
  expect(clean, `an amount with cents: "${text}"`).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(clean) * 100);
}

/**
 * Every row of the virtualized positions table is drawn only when it is in view: the viewport is
 * made tall enough for all of them, then header, rows and chart are read in one go (one task of
 * the page, so no refresh falls in between).
 */
export async function readPortfolioScreen(page: Page): Promise<PortfolioScreen> {
  const before = page.viewportSize()!;
  const count = Number(await page.getByTestId('positions-table').getAttribute('data-count'));
  await page.setViewportSize({ width: before.width, height: Math.max(before.height, 400 + count * 30) });
  try {
    await expect(page.getByTestId('position-row')).toHaveCount(count);
    return await page.evaluate(() => {
      const { document } = globalThis as unknown as { document: DocumentLike };
      const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
      const rows = Array.from(document.querySelectorAll('[data-testid="position-row"]')).map((row) => {
        const cell = (col: string) => row.querySelector(`[data-col="${col}"]`)?.textContent ?? '';
        const wallet = cell('wallet');
        return {
          key: `${wallet}:${row.getAttribute('data-token-id')}`, priced: row.getAttribute('data-priced') === 'true',
          cost: cell('cost'), value: cell('value'), pnl: cell('pnl'), reason: row.querySelector('[data-testid="position-unpriced"]')?.getAttribute('title') ?? null,
        };
      });
      return {
        header: {
          total: text('portfolio-total'), cash: text('portfolio-cash'), value: text('portfolio-value'), cost: text('portfolio-cost'),
          pnl: text('portfolio-pnl'), perps: text('portfolio-perps-equity'), count: text('portfolio-count'),
        },
        unpricedCost: document.querySelector('[data-testid="portfolio-unpriced-cost"]')?.textContent ?? null,
        rows,
        wallets: Array.from(document.querySelectorAll('[data-testid="portfolio-wallet-row"]')).map((line) => {
          const cell = (col: string) => line.querySelector(`[data-col="${col}"]`)?.textContent ?? '';
          return { cash: cell('cash'), value: cell('value'), total: cell('total') };
        }),
        chartNow: text('portfolio-chart-now'),
      };
    });
  } finally {
    await page.setViewportSize(before);
  }
}

/** The sums a person would do with the screen in front of them. */
export function expectAddsUp(screen: PortfolioScreen): void {
  const { header, rows } = screen;
  const sum = (values: Array<number | null>) => values.reduce<number>((total, v) => total + (v ?? 0), 0);
  const priced = rows.filter((r) => r.priced);
  // A priced row without a cost basis would be in Total and the chart but not in Value: the sandbox serves none.
  for (const row of priced) expect(cents(row.cost), `row ${row.key} has a cost basis`).not.toBeNull();
  expect(new Set(rows.map((r) => r.key)).size, 'every row read once').toBe(rows.length);
  expect(rows.length, 'the rows are the positions the header counts').toBe(Number(header.count.replace(/,/g, '')));
  expect(sum(priced.map((r) => cents(r.value))), 'the rows\' values add up to Value').toBe(cents(header.value));
  expect(sum(priced.map((r) => cents(r.cost))), 'the rows\' costs add up to Cost').toBe(cents(header.cost));
  for (const row of priced) expect(cents(row.pnl), `row ${row.key}: P&L = Value − Cost`).toBe(cents(row.value)! - cents(row.cost)!);
  expect(cents(header.pnl), 'P&L = Value − Cost').toBe(cents(header.value)! - cents(header.cost)!);
  const unpriced = rows.filter((r) => !r.priced);
  for (const row of unpriced) expect([row.value, row.pnl], `row ${row.key} without a price shows no value or P&L`).toEqual(['—', '—']);
  if (unpriced.length > 0) expect(sum(unpriced.map((r) => cents(r.cost))), 'the unpriced rows\' cost is the one shown apart').toBe(cents(screen.unpricedCost ?? ''));
  else expect(screen.unpricedCost).toBeNull();
  expect(cents(header.total), 'Total = Cash + Value + Perps equity').toBe((cents(header.cash) ?? 0) + cents(header.value)! + (cents(header.perps) ?? 0));
  expect(cents(screen.chartNow), 'the chart ends at Value').toBe(cents(header.value));
  // All accounts is the sum of the accounts, line by line.
  for (const col of ['cash', 'value', 'total'] as const) {
    if (screen.wallets.length > 0) expect(sum(screen.wallets.map((w) => cents(w[col]))), `the wallets' ${col} add up to the header`).toBe(cents(header[col]) ?? 0);
  }
}
