/** Helpers for the status-bar specs (outage, faults): a window whose core keeps asking a service. */
import { expect, type Page } from '@playwright/test';
import { dismissWelcome } from './analytics';
import { openMarketPricedBetween } from './markets';

/** Opens the app at `url` on a market's Trade view: the core polls the order-book service from then on. */
export async function openWatchedBook(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(url);
  await dismissWelcome(page);
  await openMarketPricedBetween(page, 0.05, 0.95);
  await expect(page.getByTestId('ladder-recentre')).toBeVisible({ timeout: 30_000 });
}
