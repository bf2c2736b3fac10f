/**
 * Boards end to end against the sandbox's analytics service: biggest winners by period and
 * category with "load more" by cursor and links by kind (a combo row has no market link), a
 * category menu of what the service ranks only (no catalog tag), the traders leaderboard beside
 * it (by P&L or volume), the builders leaderboard, and builder volume as a chart and a table.
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

  await test.step('the category menu: the service’s own three, then market categories, never a catalog tag', async () => {
    const menu = page.getByTestId('winners-category');
    await expect(menu).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    const slugs = await menu.locator('option').evaluateAll((options) => options.map((o) => o.getAttribute('value') ?? ''));
    expect(slugs.slice(0, 3)).toEqual(['overall', 'combos', 'esports']);
    expect(slugs.length).toBeGreaterThan(3);
    // `bitcoin` is a catalog tag the service refuses as a category (a 400): the menu offered it once.
    expect(slugs).not.toContain('bitcoin');
    // Every category offered is one the service ranks: the board reads it without an error.
    for (const slug of slugs.slice(3)) {
      await menu.selectOption(slug);
      await expect(winners).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
      await expect(winners.getByTestId('winners-category-refused')).toHaveCount(0);
      await expect(winners.getByTestId('inline-error')).toHaveCount(0);
    }
    await menu.selectOption('overall');
    await expect(winners).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  });

  await test.step('top traders beside the winners: ranked by P&L, then by volume, load more', async () => {
    const traders = page.getByTestId('board-traders');
    await expect(traders).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    const table = page.getByTestId('traders-table');
    const column = async (index: number) =>
      (await traders.getByTestId('trader-row').evaluateAll((rows, i) => rows.map((r) => r.querySelectorAll('[role="cell"]')[i]?.textContent ?? ''), index)).map((t) =>
        Number(t.replace(/[+,]/g, '').replace('−', '-')),
      );
    await expect(traders.getByTestId('trader-row').first()).toBeVisible();
    const ranks = await column(0);
    expect(ranks.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    const pnl = await column(2);
    for (let i = 1; i < pnl.length; i += 1) expect(pnl[i - 1]!).toBeGreaterThanOrEqual(pnl[i]!);
    await page.getByTestId('traders-order-volume').click();
    await expect(traders).toHaveAttribute('data-order', 'volume');
    await expect(traders).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    const volume = await column(3);
    expect(volume.length).toBeGreaterThan(1);
    for (let i = 1; i < volume.length; i += 1) expect(volume[i - 1]!).toBeGreaterThanOrEqual(volume[i]!);
    await page.getByTestId('traders-period-all').click();
    await expect(traders).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    const count = Number(await table.getAttribute('data-count'));
    if (await page.getByTestId('traders-load-more').isVisible()) {
      await page.getByTestId('traders-load-more').click();
      await expect.poll(async () => Number(await table.getAttribute('data-count')), { timeout: 20_000 }).toBeGreaterThan(count);
    }
    await page.getByTestId('traders-order-pnl').click();
    await page.getByTestId('traders-period-month').click();
    await expect(traders).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  });

  await test.step('builders leaderboard by period, ranked', async () => {
    await page.getByTestId('ranking-tab-builders').click();
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
  await page.getByTestId('ranking-tab-traders').click();
  await expect(page.getByTestId('board-traders')).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  await page.screenshot({ path: SHOT });
  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
