/**
 * Boards end to end against the sandbox's analytics service: biggest winners by period and
 * category with "load more" by cursor and links by kind (a combo row has no market link), the
 * builders leaderboard, and builder volume as a chart and a table.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { dismissWelcome } from './support/analytics';
import { hostUrl } from './support/hostAddress';
import { watchPageProblems } from './support/pageProblems';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/boards.png', import.meta.url));

test('Boards: winners by period and category, builders leaderboard, builder volume', async ({ page }) => {
  test.setTimeout(120_000);
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await dismissWelcome(page);
  await page.getByTestId('nav-boards').click();
  const winners = page.getByTestId('board-winners');

  await test.step('biggest winners: rows, another period, load more, combos without a market link', async () => {
    await page.getByTestId('winners-period-all').click();
    await expect(winners).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    await expect(winners.getByTestId('winner-row').first()).toBeVisible();
    const count = Number(await page.getByTestId('winners-table').getAttribute('data-count'));
    if (await page.getByTestId('winners-load-more').isVisible()) {
      await page.getByTestId('winners-load-more').click();
      await expect.poll(async () => Number(await page.getByTestId('winners-table').getAttribute('data-count')), { timeout: 20_000 }).toBeGreaterThan(count);
    }
    // A single-market row links (a button to Trade); a combo row's title is plain text.
    await expect(winners.locator('[data-testid="winner-row"][data-kind="single"] button[data-testid="winner-title"]').first()).toBeVisible();
    await page.getByTestId('winners-category').selectOption('combos');
    await expect(winners).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    const combo = winners.locator('[data-testid="winner-row"][data-kind="combo"]').first();
    await expect(combo).toBeVisible();
    await expect(combo.locator('button[data-testid="winner-title"]')).toHaveCount(0);
    await expect(winners.locator('[data-testid="winner-row"][data-kind="single"]')).toHaveCount(0);
    await page.getByTestId('winners-category').selectOption('overall');
    await expect(winners).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  });

  await test.step('builders leaderboard by period, ranked', async () => {
    const builders = page.getByTestId('board-builders');
    await page.getByTestId('builders-period-month').click();
    await expect(builders).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    await expect(builders.getByTestId('builder-row').first()).toBeVisible();
    await expect(builders.getByTestId('builder-row').first()).toContainText('1');
  });

  await test.step('builder volume per bucket: chart and table', async () => {
    const volume = page.getByTestId('board-volume');
    await page.getByTestId('volume-interval-week').click();
    await expect(volume).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    await expect(volume).toHaveAttribute('data-buckets', /^[1-9]\d*$/);
    await expect(volume.getByTestId('volume-row').first()).toBeVisible();
    await expect(volume.getByTestId('volume-chart-canvas').locator('canvas').first()).toBeVisible();
  });

  await page.getByTestId('winners-period-month').click();
  await expect(winners).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  await page.screenshot({ path: SHOT });
  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
