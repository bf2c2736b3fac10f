/**
 * The Perps view end to end: an account with a proxy, paper collateral and a paper position; the
 * equity chart at every kline interval, the public trade tape per instrument, the collateral
 * assets and the funding table (sync, totals); a proxy that expires within the week is flagged in
 * Accounts and in the perps views (which lead back to Accounts), and rotated. Its own host (fresh vault).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { dismissWelcome } from './support/analytics';
import { watchPageProblems } from './support/pageProblems';
import { equityIn, fundPerps, setUpPerpsAccounts } from './support/perps';
import { ownWebHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/perps.png', import.meta.url));
const EXPIRY_SHOT = fileURLToPath(new URL('../../docs/screenshots/proxy-expiry.png', import.meta.url));
const PASSWORD = 'Granite-Lantern-Orchard-26';
const INTERVALS = ['1s', '1m', '5m', '15m', '30m', '1h', '4h', '6h', '12h', '1d', '1w'];

// Funding every 5 s instead of hourly, so the position opened below is charged while we watch.
const host = ownWebHost({ extraArgs: ['--funding-interval', '5'] });

test('equity at every interval, the trade tape, the collateral assets and funding', async ({ page }) => {
  test.setTimeout(300_000);
  const { problems } = watchPageProblems(page);

  await test.step('without an account the public side shows and the rest says why', async () => {
    await page.goto(host().url);
    await dismissWelcome(page);
    await page.getByTestId('nav-perps').click();
    await expect(page.getByTestId('perps-empty')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('perps-asset-row').first()).toBeVisible({ timeout: 20_000 });
  });

  await test.step('an account with a proxy, paper USDC and a paper position', async () => {
    await setUpPerpsAccounts(page, PASSWORD, ['Desk']);
    await fundPerps(page, 'Desk', '5000');
    const paper = page.getByTestId('perps-paper');
    await paper.getByTestId('perps-position-size').fill('x');
    await paper.getByTestId('perps-position-submit').click();
    await expect(paper.getByTestId('perps-paper-problem')).toContainText('signed decimal');
    await paper.getByTestId('perps-position-size').fill('1');
    await paper.getByTestId('perps-position-submit').click();
    await expect(paper.getByTestId('perps-position-submit')).toHaveText('Set position', { timeout: 20_000 });
    await expect(paper.getByTestId('perps-paper-problem')).toHaveCount(0);
    await expect(paper.getByTestId('perps-paper-error')).toHaveCount(0);
  });

  await test.step('the collateral assets table lists each asset with decimals, ratio and fee', async () => {
    const usdc = page.locator('[data-testid="perps-asset-row"][data-asset="USDC"]');
    await expect(usdc).toBeVisible();
    await expect(usdc).toContainText('6');
    expect(await page.getByTestId('perps-asset-row').count()).toBeGreaterThanOrEqual(2);
    const weightLine = page.getByTestId('perps-weight-budget');
    await expect(weightLine).toContainText(/of [\d,]+ per \d+ s/);
    // The line follows the budget while the view is open: the tape's polls (weight 10 each) add to it.
    const usedAtFirst = Number(await weightLine.getAttribute('data-used'));
    await expect.poll(async () => Number(await weightLine.getAttribute('data-used')), { timeout: 30_000, intervals: [1_000] }).not.toBe(usedAtFirst);
  });

  await test.step('the equity chart draws at every kline interval', async () => {
    const chart = page.getByTestId('perps-equity-chart');
    for (const interval of INTERVALS) {
      await page.getByTestId(`perps-interval-${interval}`).click();
      await expect(chart).toHaveAttribute('data-interval', interval);
      await expect(chart).toHaveAttribute('data-points', /^\d+$/, { timeout: 20_000 });
      await expect(page.getByTestId(`perps-interval-${interval}`)).toHaveAttribute('aria-pressed', 'true');
    }
    await page.getByTestId('perps-interval-1s').click();
    await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/, { timeout: 20_000 });
    await expect.poll(() => equityIn(page, 'perps-equity'), { timeout: 120_000, intervals: [2_000] }).toBeGreaterThan(0);
  });

  await test.step('the public trade tape follows the chosen instrument', async () => {
    const tape = page.getByTestId('perps-tape');
    await expect(tape.getByTestId('perps-tape-row').first()).toBeVisible({ timeout: 20_000 });
    const options = await tape.getByTestId('perps-tape-instrument').locator('option').evaluateAll((list) => list.map((o) => o.getAttribute('value') ?? ''));
    expect(options.length).toBeGreaterThanOrEqual(2);
    await tape.getByTestId('perps-tape-instrument').selectOption(options[1] ?? '');
    await expect(tape).toHaveAttribute('data-instrument', options[1] ?? '');
    await expect(tape.getByTestId('perps-tape-row').first()).toBeVisible({ timeout: 20_000 });
  });

  await test.step('the funding table syncs and totals per instrument', async () => {
    const funding = page.getByTestId('perps-funding');
    await expect(funding.getByTestId('perps-funding-sync-button')).toBeEnabled({ timeout: 20_000 });
    await funding.getByTestId('perps-funding-sync-button').click();
    await expect(funding.getByTestId('perps-funding-sync-button')).toBeVisible({ timeout: 60_000 });
    await expect(funding.getByTestId('perps-funding-sync')).toHaveAttribute('data-rows', /^\d+$/);
    await expect(funding.getByTestId('perps-funding-sync-error')).toHaveCount(0);
    // Funding is charged every 5 s in this run: sync until the position's first payments are stored.
    await expect(async () => {
      await funding.getByTestId('perps-funding-sync-button').click();
      await expect(funding.getByTestId('perps-funding-sync-button')).toBeVisible({ timeout: 20_000 });
      await expect(funding.getByTestId('perps-funding-sync')).toHaveAttribute('data-rows', /^[1-9]\d*$/, { timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    const total = funding.getByTestId('perps-funding-total').first();
    await expect(total).toBeVisible();
    await expect(funding.getByTestId('perps-funding-row').first()).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: SHOT });
  });

  await test.step('Accounts flags a proxy expiring within the week and Rotate replaces it', async () => {
    await page.getByTestId('nav-accounts').click();
    const proxies = page.getByTestId('proxies-panel');
    await expect(proxies.getByTestId('proxies-warning')).toHaveCount(0);
    await proxies.getByTestId('proxy-label').fill('Short-lived');
    await proxies.getByTestId('proxy-days').fill('1');
    await proxies.getByTestId('proxy-create').click();
    const shortLived = proxies.locator('[data-testid="proxy-row"][data-state="expiring"]');
    await expect(shortLived).toHaveCount(1, { timeout: 30_000 });
    await expect(shortLived.getByTestId('proxy-state')).toHaveText('expiring soon');
    await expect(proxies.getByTestId('proxies-warning')).toContainText('expires within 7 days');
    const oldAddress = (await shortLived.getAttribute('data-proxy-address')) ?? '';
    // The perps views say it too, for the proxy that now signs, and lead back here to rotate it.
    await page.getByTestId('nav-transfers').click();
    const note = page.getByTestId('transfers-proxy-expiry');
    await expect(note).toHaveAttribute('data-proxy-address', oldAddress, { timeout: 30_000 });
    await expect(note).toContainText('Short-lived');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: EXPIRY_SHOT });
    await note.getByTestId('transfers-proxy-expiry-rotate').click();
    await expect(proxies).toBeVisible();
    await shortLived.getByTestId('proxy-rotate').click();
    await expect(proxies.locator(`[data-testid="proxy-row"][data-proxy-address="${oldAddress}"]`)).toHaveCount(0, { timeout: 30_000 });
    // The same label under a new address (and the same one-day lifetime, so still flagged).
    await expect(proxies.getByTestId('proxy-row').filter({ hasText: 'Short-lived' })).toHaveCount(1);
    await expect(proxies.getByTestId('proxy-rotate-error')).toHaveCount(0);
    await expect(proxies.locator('[data-testid="proxy-row"][data-state="active"]')).toHaveCount(1);
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
