/**
 * Issue 11, in a real browser against the real core and the sandbox: the restarting (425) banner
 * and the ticket's Send agree (new orders pause; defect 5, last sentence), and while trading is
 * disabled a cancel is not sent and the open-orders panel says why, as the banner does; in
 * cancel-only mode the same cancel goes through.
 *
 * Its own host with a fresh data directory, so the modes cannot leak into other specs.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openMarketPricedBetween } from './support/markets';
import { watchPageProblems } from './support/pageProblems';
import { addKeyAccount, createCredentials, createVault, fillTicket, openSettingsMode, readBook, readNumber, sendTicket } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const RESTART_SHOT = fileURLToPath(new URL('../../docs/screenshots/trade-restarting.png', import.meta.url));
const DISABLED_SHOT = fileURLToPath(new URL('../../docs/screenshots/trade-disabled-cancel.png', import.meta.url));
const host = ownWebHost();

async function toTrade(page: Page): Promise<void> {
  await page.getByTestId('nav-trade').click();
  await expect(page.getByTestId('view-trade')).toBeVisible();
}

test('exchange modes: restarting pauses new orders as the banner says; trading disabled sends no cancel and says why', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { problems } = watchPageProblems(page);
  let orderId = '';

  await test.step('a funded account with a resting order', async () => {
    await page.goto(host().url);
    await createVault(page, 'Amber-Falcon-Orchard-31');
    await addKeyAccount(page, 'Desk');
    await createCredentials(page);
    await openMarketPricedBetween(page, 0.3, 0.7);
    const panel = page.getByTestId('balance-panel');
    await panel.getByTestId('faucet-amount').fill('500');
    await panel.getByTestId('faucet-submit').click();
    await expect.poll(() => readNumber(panel.getByTestId('balance-usd')), { timeout: 20_000 }).toBeGreaterThanOrEqual(499);
    const { grid } = await readBook(page);
    await fillTicket(page, { side: 'BUY', type: 'GTC', price: grid.text(1), size: '25', postOnly: false });
    const result = await sendTicket(page);
    await expect(result).toHaveAttribute('data-success', 'true');
    orderId = (await result.getByTestId('ticket-result-order-id').getAttribute('data-order-id')) ?? '';
    expect(orderId).toMatch(/^0x[0-9a-f]{64}$/);
  });

  await test.step('restarting: the banner says new orders are paused, and Send says the same', async () => {
    await openSettingsMode(page, 'restarting', 120);
    await toTrade(page);
    const banner = page.getByTestId('trade-mode-banner');
    await expect(banner).toHaveAttribute('data-mode', 'restarting');
    await expect(banner.getByTestId('trade-mode-detail')).toContainText('New orders are paused until it is back.');
    await expect(banner).not.toContainText(/^Orders are retried/);
    await expect(page.getByTestId('ticket-send')).toBeDisabled();
    await expect(page.getByTestId('ticket-send-reason')).toHaveAttribute('data-kind', 'mode');
    await expect(page.getByTestId('ticket-send-reason')).toContainText('new orders are paused until it is back');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: RESTART_SHOT });
  });

  await test.step('trading disabled: the banner says cancels are refused too; a cancel is not sent and the panel says why', async () => {
    await openSettingsMode(page, 'trading-disabled');
    await toTrade(page);
    await expect(page.getByTestId('trade-mode-detail')).toContainText('no orders and no cancels');
    await page.getByTestId('activity-tab-orders').click();
    const row = page.locator(`[data-testid="open-order-row"][data-order-id="${orderId}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.getByTestId('open-order-cancel').click();
    await expect(page.getByTestId('open-orders-error')).toContainText('accepts no orders and no cancels right now, so nothing was sent');
    await expect(row).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: DISABLED_SHOT });
  });

  await test.step('cancel-only: the same cancel goes through', async () => {
    await openSettingsMode(page, 'cancel-only');
    await toTrade(page);
    await page.getByTestId('activity-tab-orders').click();
    const row = page.locator(`[data-testid="open-order-row"][data-order-id="${orderId}"]`);
    await row.getByTestId('open-order-cancel').click();
    await expect(row).toHaveCount(0, { timeout: 20_000 });
    await openSettingsMode(page, 'normal');
  });

  expect(problems).toEqual([]);
});
