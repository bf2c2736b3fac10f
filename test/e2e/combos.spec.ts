/**
 * Combos end to end against the sandbox's analytics service: a wallet's combo positions in
 * Portfolio (by status, amounts through the formatting layer), a click that opens the combo's
 * steps in Activity (the service's combo `condition` filter), and the filter typed by hand (a
 * bad id is named, several ids list those combos only).
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { dismissWelcome, HISTORY_WALLETS, lookUp } from './support/analytics';
import { hostUrl } from './support/hostAddress';
import { watchPageProblems } from './support/pageProblems';

const POSITIONS_SHOT = fileURLToPath(new URL('../../docs/screenshots/portfolio-combos.png', import.meta.url));
const FILTER_SHOT = fileURLToPath(new URL('../../docs/screenshots/activity-combo-filter.png', import.meta.url));

const comboIdsShown = (page: Page) => page.getByTestId('combo-row').evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('data-combo-id')))]);

test('combo positions in Portfolio, and the combo filter of Activity', async ({ page }) => {
  test.setTimeout(120_000);
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await dismissWelcome(page);
  await page.getByTestId('nav-portfolio').click();
  await lookUp(page, 'portfolio-wallet', HISTORY_WALLETS.small);
  let comboId = '';

  await test.step('Portfolio → Combos: the wallet’s combo positions, by status', async () => {
    await page.getByTestId('portfolio-tab-combos').click();
    const tab = page.getByTestId('portfolio-combos');
    await expect(tab).toHaveAttribute('data-loading', 'false', { timeout: 30_000 });
    const all = Number(await tab.getAttribute('data-count'));
    expect(all).toBeGreaterThan(0);
    const row = page.getByTestId('combo-position-row').first();
    await expect(row.locator('[role="cell"]').nth(0)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(row.locator('[role="cell"]').nth(4)).toHaveText(/^(\d[\d,]*\.\d{2}|—)$/);
    await expect(row.locator('[role="cell"]').nth(5)).toHaveText(/^(\d[\d,]*\.\d{2}|—)$/);
    let parts = 0;
    for (const status of ['open', 'closed', 'redeemed']) {
      await page.getByTestId(`combo-status-${status}`).click();
      await expect(tab).toHaveAttribute('data-status', status);
      await expect(tab).toHaveAttribute('data-loading', 'false', { timeout: 30_000 });
      const statuses = await page.getByTestId('combo-position-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
      expect(statuses.every((s) => s === status)).toBe(true);
      parts += Number(await tab.getAttribute('data-count'));
    }
    // The three statuses split the whole list.
    expect(parts).toBe(all);
    await page.getByTestId('combo-status-all').click();
    await expect(tab).toHaveAttribute('data-loading', 'false', { timeout: 30_000 });
    await page.screenshot({ path: POSITIONS_SHOT });
    // At the default window every column fits beside the value chart: nothing scrolls sideways.
    expect(await page.getByTestId('combo-positions-table').evaluate((t) => t.scrollWidth - t.clientWidth)).toBeLessThanOrEqual(0);
    comboId = (await page.getByTestId('combo-position-row').first().getAttribute('data-combo-id')) ?? '';
    expect(comboId).toMatch(/^0x[0-9a-f]{64}$/);
  });

  await test.step('a combo position opens its steps in Activity, filtered by the service', async () => {
    await page.getByTestId('combo-position-row').first().click();
    await expect(page.getByTestId('view-activity')).toBeVisible();
    await expect(page.getByTestId('activity-view-tab-combos')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('activity-wallet-select')).toHaveValue(`address:${HISTORY_WALLETS.small}`);
    await expect(page.getByTestId('combo-filter-chip')).toHaveAttribute('data-combo-id', comboId);
    await expect(page.getByTestId('combo-row').first()).toBeVisible({ timeout: 30_000 });
    expect(await comboIdsShown(page)).toEqual([comboId]);
    await page.screenshot({ path: FILTER_SHOT });
  });

  await test.step('the filter by hand: a bad id is named, several ids list those combos only', async () => {
    await page.getByTestId('combo-filter-clear').click();
    await expect(page.getByTestId('combo-filter')).toHaveAttribute('data-count', '0');
    await expect.poll(async () => (await comboIdsShown(page)).length, { timeout: 30_000 }).toBeGreaterThan(2);
    const [first, second] = (await comboIdsShown(page)).slice(1, 3) as [string, string];
    await page.getByTestId('combo-filter-input').fill(`${first}, 0x1234`);
    await page.getByTestId('combo-filter-add').click();
    await expect(page.getByTestId('combo-filter-problem')).toContainText('“0x1234” is not a combo id (0x and 64 hex digits)');
    await expect(page.getByTestId('combo-filter')).toHaveAttribute('data-count', '0');
    await page.getByTestId('combo-filter-input').fill(`${first} ${second.toUpperCase().replace('0X', '0x')}`);
    await page.getByTestId('combo-filter-add').click();
    await expect(page.getByTestId('combo-filter')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('combo-filter-problem')).toHaveCount(0);
    await expect.poll(async () => (await comboIdsShown(page)).sort(), { timeout: 30_000 }).toEqual([first, second].sort());
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
