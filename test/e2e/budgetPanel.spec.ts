/**
 * The budget panel end to end: the status-bar meter opens it; it lists every scope of the rate
 * budget (every documented edge limit and the perps weight budget), each with its use bar, its
 * limits, its queue and its waits, and it refreshes while open.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { dismissWelcome } from './support/analytics';
import { hostUrl } from './support/hostAddress';
import { watchPageProblems } from './support/pageProblems';
import { ALL_EDGE_WINDOWS } from '../../src/shared/protocol/edgeLimits';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/budget-panel.png', import.meta.url));

test('Budget panel: every scope with use, limit, queue and waits, from the status-bar meter', async ({ page }) => {
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await dismissWelcome(page);
  await expect(page.getByTestId('view-markets')).toBeVisible();
  // An event and its market: the order books are polled from now on, so the panel has use to show.
  await page.getByTestId('event-row').first().click();
  await expect(page.getByTestId('event-detail')).toBeVisible();
  await page.getByTestId('market-row').first().click();
  await expect(page.getByTestId('book-table').first()).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('status-budget').click();
  const panel = page.getByTestId('budget-panel');
  await expect(panel).toBeVisible();
  const rows = panel.getByTestId('budget-scope');
  // Every documented edge window plus the perps weight budget (signer buckets appear once used).
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(ALL_EDGE_WINDOWS.length + 1);
  for (const scope of ['edge:all', 'clob:/book', 'clob:ledger', 'catalog:/tags', 'analytics:/trades', 'clob:POST /order:sustained', 'perps:weight']) {
    await expect(panel.locator(`[data-scope="${scope}"]`), scope).toBeVisible();
  }
  const tags = panel.locator('[data-scope="catalog:/tags"]');
  await expect(tags.getByTestId('budget-scope-used')).toHaveText(/^\d+ \/ 180$/);
  await expect(tags).toContainText('200 / 10 s');

  // The books keep being polled while the panel is open: /books use shows up, and it is refreshed.
  const books = panel.locator('[data-scope="clob:/books"] [data-testid="budget-scope-used"]');
  const used = async () => Number((await books.textContent())?.split(' / ')[0]?.replace(/,/g, ''));
  await expect.poll(used, { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await used();
  await expect.poll(used, { timeout: 20_000 }).not.toBe(first);

  await page.screenshot({ path: SHOT });
  await panel.getByTestId('dialog-close').click();
  await expect(panel).toBeHidden();
  expect(problems).toEqual([]);
});
