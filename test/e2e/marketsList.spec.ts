/**
 * The Markets list of issue 11 in a real browser against the sandbox: every sort, a watchlist
 * that survives a reload of the page (it lives in main's settings), resolved and ended badges,
 * the leading outcome with its 24 h change, rules and end time on the event page, and book
 * totals in shares or USD. Its own host: a fresh settings file, so the watchlist starts empty.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { waitForEventTotal } from './support/markets';
import { watchPageProblems } from './support/pageProblems';
import { ownWebHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/markets-list.png', import.meta.url));
const SHOT_SMALL = fileURLToPath(new URL('../../docs/screenshots/markets-list-1024x700.png', import.meta.url));
/** Rows read per check: the virtualized list renders about this many at 1440x900. */
const ROWS = 12;

const host = ownWebHost();

async function rowValues(page: Page, attribute: string): Promise<string[]> {
  const rows = page.getByTestId('event-row');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((els, name) => els.slice(0, 12).map((el) => el.getAttribute(name) ?? ''), attribute);
}

async function sortBy(page: Page, sort: string): Promise<void> {
  await page.getByTestId('event-sort').selectOption(sort);
  await expect(page.getByTestId('event-count')).toHaveAttribute('data-sort', sort);
  await waitForEventTotal(page);
}

const descending = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] as number) >= v);

test('sorts, leading outcome and 24 h change, badges, rules, book totals, and a watchlist that survives a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const { problems } = watchPageProblems(page);
  await page.goto(host().url);
  expect(await waitForEventTotal(page)).toBeGreaterThanOrEqual(40);

  await test.step('rows lead with the likeliest outcome and its 24 h change', async () => {
    const first = page.getByTestId('event-row').first();
    await expect(first.getByTestId('event-leading-price')).toHaveText(/^\d{1,3}%$/);
    await expect(first.getByTestId('event-change')).toHaveText(/^(▲ |▼ )?\d{1,3}%$/);
    await expect(first.getByTestId('event-leading-name')).not.toHaveText('');
  });

  await test.step('sorts: volume, liquidity, newest, ending soon, change', async () => {
    await sortBy(page, 'volume');
    expect(descending((await rowValues(page, 'data-volume')).map(Number))).toBe(true);
    await sortBy(page, 'liquidity');
    expect(descending((await rowValues(page, 'data-liquidity')).map(Number))).toBe(true);
    await sortBy(page, 'newest');
    expect(descending((await rowValues(page, 'data-created')).map((d) => Date.parse(d)))).toBe(true);
    await sortBy(page, 'endingSoon');
    const ends = (await rowValues(page, 'data-end')).map((d) => Date.parse(d));
    const ended = await rowValues(page, 'data-ended');
    const open = ends.filter((_, i) => ended[i] !== 'true');
    // Still-open events first, the nearest end first; those past their end come after all of them.
    expect(open.every((v, i) => i === 0 || (open[i - 1] as number) <= v)).toBe(true);
    expect(ended.slice(0, open.length).every((e) => e !== 'true')).toBe(true);
    await sortBy(page, 'change');
    expect(descending((await rowValues(page, 'data-change')).map((c) => Math.abs(Number(c))))).toBe(true);
    expect(Math.abs(Number((await rowValues(page, 'data-change'))[0]))).toBeGreaterThan(0);
    await sortBy(page, 'volume24hr');
  });

  await test.step('ended events say so (end date passed, not resolved yet)', async () => {
    const now = Date.now();
    const rows = page.getByTestId('event-row');
    for (let i = 0; i < ROWS; i += 1) {
      const row = rows.nth(i);
      const pastEnd = Date.parse((await row.getAttribute('data-end')) ?? '') <= now;
      await expect(row).toHaveAttribute('data-ended', String(pastEnd));
      await expect(row.getByTestId('event-state')).toHaveCount(pastEnd ? 1 : 0);
      if (pastEnd) await expect(row.getByTestId('event-state')).toHaveText('ENDED');
    }
  });

  await test.step('resolved events on request: badge with the winner, rules and end time on the event page', async () => {
    const before = await waitForEventTotal(page);
    await page.getByTestId('event-include-resolved').click();
    await expect(page.getByTestId('event-include-resolved')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => waitForEventTotal(page)).toBeGreaterThan(before);
    await sortBy(page, 'endingSoon'); // resolved events sort last: look from the end
    const resolved = page.locator('[data-testid="event-row"][data-closed="true"]').first();
    await page.getByTestId('event-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(resolved).toBeVisible();
    await expect(resolved.getByTestId('event-state')).toHaveText('RESOLVED');
    await resolved.click();
    await expect(page.getByTestId('event-detail-state')).toHaveText('RESOLVED');
    const states = await page.getByTestId('market-state').allInnerTexts();
    expect(states.length).toBeGreaterThan(0);
    for (const state of states) expect(state).toMatch(/^RESOLVED · (YES|NO)$/);
    await expect(page.getByTestId('event-rules-text')).toHaveText(/\w{4,}.{20,}/);
    await expect(page.getByTestId('event-end-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}( [AP]M)?$/);
    await page.getByTestId('event-include-resolved').click();
    await sortBy(page, 'volume24hr');
  });

  await test.step('an open event: markets by probability, book totals in shares or USD', async () => {
    await page.getByTestId('event-row').first().click();
    const detail = page.getByTestId('event-detail');
    await expect(detail).toBeVisible();
    const prices = await page.locator('[data-testid="market-row"][data-tradable="true"] .outcome-first .num').allInnerTexts();
    expect(descending(prices.map(Number))).toBe(true);
    await expect(page.getByTestId('event-rules-text')).not.toHaveText('');
    const book = page.getByTestId('order-book').first();
    const total = book.getByTestId('book-bids-total');
    await expect(total).toHaveText(/^[\d,]+\.\d\d$/, { timeout: 20_000 });
    await book.getByTestId('book-unit-usd').click();
    await expect(book.getByTestId('book-totals')).toHaveAttribute('data-unit', 'usd');
    await expect(total).toHaveText(/^\$[\d,]+\.\d\d$/);
    await page.screenshot({ path: SHOT });
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(detail).toBeVisible();
    await page.screenshot({ path: SHOT_SMALL });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  const starred: string[] = [];
  await test.step('star two events; the watchlist shows only them', async () => {
    await page.getByTestId('event-list').evaluate((el) => el.scrollTo(0, 0));
    const ids = await rowValues(page, 'data-event-id');
    for (const id of [ids[1]!, ids[3]!]) {
      // By id: the list is virtualized, so a position names whichever row is there now.
      const row = page.locator(`[data-testid="event-row"][data-event-id="${id}"]`);
      starred.push(id);
      await row.getByTestId('watch-star').click();
      // The row's star is a mouse shortcut (an option holds no control): its state is an attribute.
      await expect(row.getByTestId('watch-star')).toHaveAttribute('data-watched', 'true');
    }
    await page.getByTestId('event-watchlist-only').click();
    await expect(page.getByTestId('event-count')).toHaveAttribute('data-watchlist', 'true');
    await expect(page.getByTestId('event-count')).toHaveAttribute('data-total', '2');
    expect((await rowValues(page, 'data-event-id')).sort()).toEqual([...starred].sort());
  });

  await test.step('the watchlist survives a reload of the page', async () => {
    await page.reload();
    await waitForEventTotal(page);
    for (const id of starred) {
      await expect(page.locator(`[data-testid="event-row"][data-event-id="${id}"]`).getByTestId('watch-star')).toHaveAttribute('data-watched', 'true');
    }
    await page.getByTestId('event-watchlist-only').click();
    await expect(page.getByTestId('event-count')).toHaveAttribute('data-total', '2');
    // Unstarring in the watchlist view takes the event off the list.
    await page.locator(`[data-testid="event-row"][data-event-id="${starred[0]}"]`).getByTestId('watch-star').click();
    await expect(page.getByTestId('event-count')).toHaveAttribute('data-total', '1');
  });
  expect(problems).toEqual([]);
});
