/**
 * Issue 8 end to end, as a new user: a buy placed in the Trade view shows up as a position in
 * Portfolio (value, P&L, price source) and as a TRADE row in Activity after a sync, without
 * leaving the app; a click on the position opens it in Trade again; any address can be looked
 * up read-only. Its own host with a fresh data directory (a new vault and account).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { watchPageProblems } from './support/pageProblems';
import { addWatchOnlyAccount, buyWithFok, fundActive, HISTORY_WALLETS, lookUp, openTradableMarket, setUpTrader } from './support/analytics';
import { ownWebHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/portfolio.png', import.meta.url));
/** The new user's own portfolio and activity right after the trade: the "Done when". */
const OWN_SHOT = fileURLToPath(new URL('../../docs/screenshots/portfolio-own-trade.png', import.meta.url));
const OWN_FILL_SHOT = fileURLToPath(new URL('../../docs/screenshots/activity-own-fill.png', import.meta.url));
const PASSWORD = 'Amber-Falcon-Meadow-41';
const SHARES = 12;

const host = ownWebHost();

test('a trade placed in Trade appears in Portfolio and in Activity', async ({ page }) => {
  test.setTimeout(300_000);
  const { problems } = watchPageProblems(page);
  let tokenId = '';

  await test.step('a new user: vault, account, credentials, funds; one FOK buy in Trade', async () => {
    await page.goto(host().url);
    await setUpTrader(page, PASSWORD, 'Trader');
    tokenId = await openTradableMarket(page);
    await fundActive(page, '500');
    const bought = await buyWithFok(page, SHARES);
    expect(bought).toBeGreaterThanOrEqual(SHARES);
  });

  await test.step('Portfolio shows the position with its value, P&L and price source', async () => {
    await page.getByTestId('nav-portfolio').click();
    await expect(page.getByTestId('view-portfolio')).toBeVisible();
    const row = page.locator(`[data-testid="position-row"][data-token-id="${tokenId}"]`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByTestId('position-price-source')).toHaveText(/live|svc/);
    await expect(page.getByTestId('portfolio-value')).toHaveText(/^\d[\d,]*\.\d{2}$/);
    await expect(page.getByTestId('portfolio-count')).not.toHaveText('0');
    await expect(page.getByTestId('portfolio-pnl')).toHaveText(/^([+−]?\d[\d,]*\.\d{2})$/);
    // Sort by value and filter by text: the row stays findable.
    await page.getByTestId('positions-table-sort-value').click();
    await page.getByTestId('portfolio-filter').fill('zzzz-no-such-market');
    await expect(row).toHaveCount(0);
    await page.getByTestId('portfolio-filter').fill('');
    await expect(row).toBeVisible();
    await expect(page.getByTestId('portfolio-chart')).toHaveAttribute('data-points', /^\d+$/, { timeout: 30_000 });
    await page.screenshot({ path: OWN_SHOT });
  });

  await test.step('a click on the position opens its outcome in Trade', async () => {
    await page.locator(`[data-testid="position-row"][data-token-id="${tokenId}"]`).click();
    await expect(page.getByTestId('view-trade')).toHaveAttribute('data-token-id', tokenId, { timeout: 20_000 });
  });

  await test.step('Activity, after a sync, holds the fill as a TRADE row of that outcome', async () => {
    await page.getByTestId('nav-activity').click();
    await expect(page.getByTestId('activity-sync-button')).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId('activity-sync-button').click();
    await expect(page.getByTestId('activity-sync-button')).toBeVisible({ timeout: 60_000 });
    const fill = page.locator(`[data-testid="activity-row"][data-type="TRADE"][data-token-id="${tokenId}"]`);
    await expect(fill.first()).toBeVisible({ timeout: 30_000 });
    await expect(fill.first()).toHaveAttribute('data-side', 'BUY');
    await page.screenshot({ path: OWN_FILL_SHOT });
  });

  await test.step('All accounts sums the trader and a watch-only account, wallet by wallet', async () => {
    await addWatchOnlyAccount(page, 'Watched', HISTORY_WALLETS.small);
    await page.getByTestId('nav-portfolio').click();
    const single = await page.getByTestId('portfolio-count').innerText();
    await page.getByTestId('portfolio-wallet-select').selectOption('all');
    await expect(page.getByTestId('portfolio-wallets')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('portfolio-wallet-row')).toHaveCount(2);
    await expect(page.getByTestId('portfolio-wallets')).toContainText('WATCH');
    await expect(page.getByTestId('portfolio-summary')).toContainText('2 wallets (1 watch-only)');
    await expect.poll(async () => Number(await page.getByTestId('portfolio-count').innerText())).toBeGreaterThan(Number(single));
    // The trader's own position is among them: the filter finds rows by wallet label too.
    await page.getByTestId('portfolio-filter').fill('Trader');
    await expect(page.locator(`[data-testid="position-row"][data-token-id="${tokenId}"]`)).toHaveCount(1);
    await page.getByTestId('portfolio-filter').fill('');
    await page.getByTestId('portfolio-wallet-select').selectOption('active');
  });

  await test.step('any address looks up read-only', async () => {
    await page.getByTestId('nav-portfolio').click();
    await page.getByTestId('portfolio-wallet-lookup').fill('0x1234');
    await page.getByTestId('portfolio-wallet-lookup-go').click();
    await expect(page.getByTestId('portfolio-wallet-lookup-problem')).toContainText('40 hex digits');
    await lookUp(page, 'portfolio-wallet', HISTORY_WALLETS.medium);
    await expect(page.getByTestId('view-portfolio')).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    await expect(page.getByTestId('position-row').first()).toBeVisible();
    await expect(page.getByTestId('portfolio-stale')).toHaveCount(0);
    await expect(page.getByTestId('portfolio-chart')).toHaveAttribute('data-points', /^[1-9]\d*$/, { timeout: 30_000 });
    // Sorted by value, positions without a value (null from the service) come last, never as 0.
    const values = await page.getByTestId('position-row').evaluateAll((rows) => rows.map((row) => row.children[6]?.textContent ?? ''));
    const firstDash = values.indexOf('—');
    if (firstDash >= 0) expect(values.slice(firstDash).every((v) => v === '—')).toBe(true);
    await page.getByTestId('portfolio-tab-closed').click();
    await expect(page.getByTestId('closed-positions-table')).toBeVisible();
    await page.getByTestId('portfolio-tab-open').click();
    await page.screenshot({ path: SHOT });
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
