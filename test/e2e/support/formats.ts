/**
 * Reading the times and prices a view shows, for the formats spec: every table's time and price
 * columns (found by their header, whatever the table), the figures the Trade view and the dialogs
 * show outside tables, and every monospace figure on screen (`.num`, where the app puts numbers).
 * And what a time or a price should read like under given display preferences, worked out here
 * with the browser's Intl, not with the app's own format module.
 */
import type { Page } from '@playwright/test';

export interface DisplayCombo {
  priceStyle: 'decimal' | 'cents';
  clock: '24h' | '12h';
  /** '' is "this computer's zone" (the browser runs in UTC: playwright.config's timezoneId is set per spec). */
  zone: string;
}

export interface ShownCell {
  table: string;
  /** The row's own id (data-key, data-order-id…); '' for rows without one (live tapes). */
  row: string;
  column: string;
  kind: 'time' | 'day' | 'price';
  text: string;
}

export interface ShownView {
  cells: ShownCell[];
  /** Texts of single figures outside tables: the Trade header, the ticket, dialogs. */
  prices: string[];
  /** Every `.num` element's own text, and the sentences that carry times (notes, dialogs). */
  figures: string[];
}

/**
 * Runs in the page (a string: the e2e files compile without the DOM library). Tables are
 * `role="table"` grids (DataTable, VirtualTable, Activity) or plain <table>s; a column is a time,
 * a day or a price by its header. Perps tables are left out of prices: perps prices are not
 * outcome prices (no cents), they are amounts.
 */
const READ_VIEW = `(() => {
  const TIME = /^(time|created|expires|closed|updated)$/i;
  const DAY = /^(bucket|resolved)$/i;
  const PRICE = /^(price|avg|current|limit price)$/i;
  const NOT_OUTCOME_PRICES = /public trades|funding|collateral/i;
  const ROW_IDS = ['data-row-key', 'data-key', 'data-order-id', 'data-trade-id', 'data-transfer-id', 'data-alert-id', 'data-token-id'];
  const own = (el) => (el.innerText ?? el.textContent ?? '').replace(/[▲▼↑↓]/g, '').trim();
  const cells = [];
  for (const table of document.querySelectorAll('[role="table"], table')) {
    if (table.closest('[hidden]') || table.offsetParent === null) continue;
    const label = table.getAttribute('aria-label') ?? table.closest('[aria-label]')?.getAttribute('aria-label') ?? '';
    const grid = table.getAttribute('role') === 'table';
    const headers = Array.from(table.querySelectorAll(grid ? '[role="columnheader"]' : 'thead th')).map(own);
    const rows = grid ? Array.from(table.querySelectorAll('[role="row"]')).filter((r) => r.querySelector('[role="cell"], [role="gridcell"]')) : Array.from(table.querySelectorAll('tbody tr'));
    for (const row of rows.slice(0, 12)) {
      const rowCells = Array.from(row.querySelectorAll(grid ? ':scope > [role="cell"], :scope > [role="gridcell"]' : ':scope > td'));
      const id = ROW_IDS.map((name) => row.getAttribute(name)).find((v) => v) ?? '';
      headers.forEach((header, index) => {
        const kind = TIME.test(header) ? 'time' : DAY.test(header) ? 'day' : PRICE.test(header) && !NOT_OUTCOME_PRICES.test(label) ? 'price' : null;
        const cell = rowCells[index];
        if (kind && cell) cells.push({ table: label, row: id, column: header, kind, text: own(cell) });
      });
    }
  }
  const PRICE_IDS = ['trade-best-bid', 'trade-best-ask', 'trade-midpoint', 'trade-tick', 'ticket-avg-price', 'ticket-worst-price', 'book-best-bid', 'book-best-ask', 'book-midpoint', 'book-tick-size'];
  const prices = PRICE_IDS.flatMap((id) => Array.from(document.querySelectorAll('[data-testid="' + id + '"]'))).map(own);
  for (const row of document.querySelectorAll('[data-testid="ladder-level"] [data-testid="ladder-price"], [data-testid="market-row"] .outcome-price .num')) prices.push(own(row));
  const SENTENCES = '[data-testid="ticket-problem"], [data-testid="ticket-tick-hint"], [data-testid="ticket-result"], [data-testid="grid-prices"], [data-testid="amend-current"], [data-testid="flatten-plan"], [data-testid="transfer-collateral"], dialog[open], .toast';
  const figures = Array.from(document.querySelectorAll('.num')).filter((el) => !el.querySelector('.num')).map(own);
  for (const el of document.querySelectorAll(SENTENCES)) figures.push(own(el));
  return { cells, prices: prices.filter((t) => t !== ''), figures: figures.filter((t) => t !== '') };
})()`;

export async function readView(page: Page): Promise<ShownView> {
  return (await page.evaluate(READ_VIEW)) as ShownView;
}

const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';

/** Shapes times and dates took before there was one: none may be on screen under any setting. */
export const OLD_SHAPES: Array<[string, RegExp]> = [
  ['a long date ("Nov 28, 2026")', new RegExp(`\\b(${MONTHS}) \\d{1,2}, \\d{4}`)],
  ['a date without its year ("11-28 6:44")', /(?<![\d-])\d{2}-\d{2} \d{1,2}:\d{2}/],
  ['a slashed date ("11/28/2026")', /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/],
];

/** A time of day as the clock shows it: "14:05", "14:05:09", "2:05 PM", "2:05:09 PM". */
export const clockShape = (clock: DisplayCombo['clock']): RegExp => (clock === '12h' ? /^(1[0-2]|[1-9]):[0-5]\d(:[0-5]\d)? [AP]M$/ : /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/);

/** What a time cell may read: a moment "2026-11-28 14:05", a time of day, or nothing known. */
export function timeCellOk(text: string, clock: DisplayCombo['clock']): boolean {
  if (text === '—') return true;
  const moment = /^(\d{4}-\d{2}-\d{2}) (.+)$/.exec(text);
  return clockShape(clock).test(moment ? moment[2]! : text);
}

/** Every time of day inside a text, with whatever follows it. */
export const timesIn = (text: string): string[] => Array.from(text.matchAll(/\b\d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?/g), (match) => match[0]);

/** A price cell: "0.553" in decimals, "55.3¢" in cents, or a dash. */
export const priceShape = (style: DisplayCombo['priceStyle']): RegExp => (style === 'cents' ? /^(—|\d+(\.\d+)?¢)$/ : /^(—|\d*\.\d+)$/);

/**
 * The same moment as the base reading (24-hour, UTC) would read under `combo`, by Intl; null for
 * a time of day alone (a tape's), whose day is not on screen.
 */
export function expectedMoment(baseText: string, combo: DisplayCombo): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(:(\d{2}))?$/.exec(baseText);
  if (!match) return null;
  const [, y, mo, d, h, mi, , s] = match;
  const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)));
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: combo.zone || 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: combo.clock === '12h' ? 'h12' : 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const hour = combo.clock === '12h' ? String(Number(parts.hour)) : parts.hour;
  const seconds = s === undefined ? '' : `:${parts.second}`;
  return `${parts.year}-${parts.month}-${parts.day} ${hour}:${parts.minute}${seconds}${combo.clock === '12h' ? ` ${parts.dayPeriod}` : ''}`;
}

/** The same price as the base reading (decimal at the tick's digits) would read under `combo`. */
export function expectedPrice(baseText: string, combo: DisplayCombo): string {
  if (combo.priceStyle === 'decimal' || !/^\d*\.\d+$/.test(baseText)) return baseText;
  const digits = baseText.split('.')[1]!.length;
  return `${(Number(baseText) * 100).toFixed(Math.max(0, digits - 2))}¢`;
}
