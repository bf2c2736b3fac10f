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
