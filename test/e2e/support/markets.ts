/** Reading the Markets view the way a user does: counts, rows and book tables. */
import { expect, type Page } from '@playwright/test';

/** How many events match the current search and tag, as the list header reports it. */
export async function eventTotal(page: Page): Promise<number> {
  const value = await page.getByTestId('event-count').getAttribute('data-total');
  return value === null ? Number.NaN : Number(value);
}

export async function waitForEventTotal(page: Page): Promise<number> {
  await expect(page.getByTestId('event-count')).toHaveAttribute('data-total', /^\d+$/);
  return eventTotal(page);
}

/** The visible text of every order-book table (both outcomes), for before/after comparisons. */
export async function bookTablesText(page: Page): Promise<string> {
  const texts = await page.getByTestId('book-table').allInnerTexts();
  return texts.join('\n---\n');
}

/**
 * Markets → the first of the first 20 events with an open market whose first outcome is priced
 * within [min, max] → "Trade" on that outcome; resolves once the Trade view shows.
 */
/** `notEnded`: skip events past their end date (an order there is confirmed even in pro mode). */
export async function openMarketPricedBetween(page: Page, min: number, max: number, { notEnded = false } = {}): Promise<void> {
  await page.getByTestId('nav-markets').click();
  const events = page.getByTestId('event-row');
  await expect(events.first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 20; i += 1) {
    const event = events.nth(i);
    if (notEnded && (await event.getAttribute('data-ended')) === 'true') continue;
    const eventId = (await event.getAttribute('data-event-id')) ?? '';
    await event.click();
    await expect(page.getByTestId('event-detail')).toHaveAttribute('data-event-id', eventId);
    const markets = page.getByTestId('market-row');
    for (let j = 0; j < (await markets.count()); j += 1) {
      const row = markets.nth(j);
      if ((await row.getAttribute('data-tradable')) !== 'true') continue;
      const price = Number(await row.locator('.outcome-first .num').innerText());
      if (!(price >= min && price <= max)) continue;
      await row.click();
      await expect(page.getByTestId('book-trade').first()).toBeVisible();
      await page.getByTestId('book-trade').first().click();
      await expect(page.getByTestId('view-trade')).toBeVisible();
      return;
    }
  }
  throw new Error(`no open market priced between ${min.toFixed(2)} and ${max.toFixed(2)} among the first events`);
}
