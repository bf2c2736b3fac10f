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

interface EventChoice {
  /** Only events listed under this tag (null: every tag); the list as it stands when unset. */
  tag?: string | null;
  /** true: only events past their end date; false: only those not ended (an order on an ended one is confirmed even in pro mode). */
  ended?: boolean;
}

/**
 * Markets (under `tag`) → the first of the first 40 listed events (ended or not, as asked) with
 * an open market whose first outcome is priced within [min, max] → "Trade" on that outcome;
 * resolves once the Trade view shows.
 */
export async function openMarketPricedBetween(page: Page, min: number, max: number, { tag, ended }: EventChoice = {}): Promise<void> {
  await page.getByTestId('nav-markets').click();
  if (tag !== undefined) {
    const filter = page.getByTestId('tag-filter');
    await expect(filter).toBeEnabled({ timeout: 30_000 });
    if (tag === null) await filter.selectOption('');
    else await filter.selectOption({ label: tag });
  }
  const events = page.getByTestId('event-row');
  await expect(events.first()).toBeVisible({ timeout: 30_000 });
  const ids = (await events.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-id') ?? ''))).slice(0, 40);
  for (const id of ids) {
    const event = page.locator(`[data-testid="event-row"][data-event-id="${id}"]`);
    if (ended !== undefined && (await event.getAttribute('data-ended')) !== String(ended)) continue;
    await event.scrollIntoViewIfNeeded();
    await event.click();
    await expect(page.getByTestId('event-detail')).toHaveAttribute('data-event-id', id);
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
  const which = `${tag ? ` tagged ${tag}` : ''}${ended === undefined ? '' : ended ? ', ended,' : ', not ended,'}`;
  throw new Error(`no listed event${which} with an open market priced between ${min.toFixed(2)} and ${max.toFixed(2)} among the first 40`);
}
