/**
 * The vertical slice of issue 2 in a real browser: the renderer on the browser-mode host, the
 * real core, the embedded sandbox. Browse events, filter them, open a market and watch its books
 * move; the status bar reports the sandbox, a live connection and real rate-budget use.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { hostUrl } from './support/hostAddress';
import { bookTablesText, eventTotal, waitForEventTotal } from './support/markets';
import { watchPageProblems } from './support/pageProblems';

const SCREENSHOT = fileURLToPath(new URL('../../docs/screenshots/markets.png', import.meta.url));

let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  problems = watchPageProblems(page).problems;
  await page.goto(hostUrl());
});

test.afterEach(() => {
  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});

test('opens on Markets with the sandbox catalog, and keeps the token out of the address bar', async ({ page }) => {
  await expect(page.getByTestId('view-markets')).toBeVisible();
  await expect(page.getByTestId('nav-markets')).toHaveAttribute('aria-current', 'page');
  expect(await waitForEventTotal(page)).toBeGreaterThanOrEqual(40);
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  expect(page.url()).not.toContain('token=');
});

test('search by title narrows the list', async ({ page }) => {
  const all = await waitForEventTotal(page);
  const title = (await page.getByTestId('event-row').first().getAttribute('title')) ?? '';
  // The longest word of a real title: present in at least that event, unlikely in every event.
  const word = title.split(/[^A-Za-z0-9]+/).sort((a, b) => b.length - a.length)[0] ?? '';
  expect(word.length).toBeGreaterThan(3);

  await page.getByTestId('event-search').fill(word);
  await expect(page.getByTestId('event-count')).toHaveAttribute('data-text', word);
  expect(await eventTotal(page)).toBeLessThan(all);
  expect(await eventTotal(page)).toBeGreaterThan(0);
  for (const rowTitle of await page.getByTestId('event-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('title') ?? ''))) {
    expect(rowTitle.toLowerCase()).toContain(word.toLowerCase());
  }

  await page.getByTestId('event-search').fill('');
  await expect.poll(() => eventTotal(page)).toBe(all);
});

test('a tag filter narrows the list', async ({ page }) => {
  const all = await waitForEventTotal(page);
  const filter = page.getByTestId('tag-filter');
  await expect(filter).toBeEnabled();
  const slugs = (await filter.locator('option').evaluateAll((options) => options.map((o) => o.getAttribute('value') ?? ''))).filter(Boolean);
  expect(slugs.length).toBeGreaterThan(1);

  // Not every tag need narrow (one could cover everything); the first that does proves the filter.
  let narrowed = false;
  for (const slug of slugs.slice(0, 10)) {
    await filter.selectOption(slug);
    // The header carries the tag of the results it counts, so we never read a stale total.
    await expect(page.getByTestId('event-count')).toHaveAttribute('data-tag', slug);
    const count = await eventTotal(page);
    if (count > 0 && count < all) {
      narrowed = true;
      break;
    }
  }
  expect(narrowed, 'some tag narrows the event list').toBe(true);

  await filter.selectOption('');
  await expect.poll(() => eventTotal(page)).toBe(all);
});

test('choosing an event and a market shows live books for both outcomes that change while you watch', async ({ page }) => {
  await waitForEventTotal(page);
  await page.getByTestId('event-row').first().click();
  const markets = page.getByTestId('market-row');
  await expect(markets.first()).toBeVisible();
  await markets.first().click();
  await expect(markets.first()).toHaveAttribute('aria-pressed', 'true');

  const books = page.getByTestId('order-book');
  await expect(books).toHaveCount(2);
  for (const book of await books.all()) {
    await expect(book.locator('[data-testid="book-level"][data-side="bid"]').first()).toBeVisible();
    await expect(book.locator('[data-testid="book-level"][data-side="ask"]').first()).toBeVisible();
    for (const stat of ['book-best-bid', 'book-best-ask', 'book-spread', 'book-midpoint', 'book-tick-size']) {
      await expect(book.getByTestId(stat)).toHaveText(/^\d+(\.\d+)?$/);
    }
    await expect(book.getByTestId('book-last-trade')).toHaveText(/^(\d+(\.\d+)?|—)$/);
    // Best ask above best bid: the ladder is not crossed.
    const bid = Number(await book.getByTestId('book-best-bid').innerText());
    const ask = Number(await book.getByTestId('book-best-ask').innerText());
    expect(ask).toBeGreaterThan(bid);
  }
  await expect(books.nth(0)).toHaveAttribute('data-outcome', /.+/);

  const before = await bookTablesText(page);
  await expect
    .poll(() => bookTablesText(page), { timeout: 15_000, intervals: [500], message: 'the book levels change as the sandbox market moves' })
    .not.toBe(before);

  await page.screenshot({ path: SCREENSHOT, fullPage: true });
});

test('the status bar shows the sandbox, an online connection and real rate-budget use', async ({ page }) => {
  await expect(page.getByTestId('status-network')).toHaveText('Sandbox');
  await expect(page.getByTestId('status-connection')).toHaveAttribute('data-state', 'online');
  await expect(page.getByTestId('status-connection')).toHaveAttribute('title', /.+/);
  await expect.poll(async () => Number(await page.getByTestId('status-budget-used').innerText())).toBeGreaterThan(0);
  await expect(page.getByTestId('status-budget-peak')).toHaveText(/^\d+%$/);
  await expect(page.getByTestId('status-budget')).toHaveAttribute('title', /\d+\/\d+/);
});
