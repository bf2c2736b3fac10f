/**
 * Issue 10, finding 4 in the browser: heartbeats on with a resting order, the vault locked (the
 * L2 secret is gone, so heartbeats fail) for longer than the exchange's window, then unlocked:
 * the trade view said the heartbeats lapsed, and a notice lists the order the exchange's
 * dead-man switch cancelled until the user dismisses it. Its own host and data directory.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openMarketPricedBetween } from './support/markets';
import { addKeyAccount, createCredentials, createVault, fillTicket, readBook, sendTicket } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const VAULT_PASSWORD = 'Quartz-Meadow-Falcon-27';
const SHOT = fileURLToPath(new URL('../../docs/screenshots/recovery.png', import.meta.url));
const host = ownWebHost();

test('a heartbeat lapse is said at once and the orders the exchange cancelled are listed', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(host().url);
  await createVault(page, VAULT_PASSWORD);
  await addKeyAccount(page, 'Lapse');
  await createCredentials(page);
  await openMarketPricedBetween(page, 0.3, 0.7);
  const panel = page.getByTestId('balance-panel');
  await panel.getByTestId('faucet-amount').fill('500');
  await panel.getByTestId('faucet-submit').click();
  await expect(panel.getByTestId('balance-usd')).not.toHaveText(/^(—|\$?0(\.0+)?)$/, { timeout: 20_000 });

  const { grid, bid } = await readBook(page);
  await fillTicket(page, { side: 'BUY', type: 'GTC', price: grid.text(bid - 8), size: '10' });
  const result = await sendTicket(page);
  await expect(result).toHaveAttribute('data-success', 'true');

  const heartbeat = page.getByTestId('trade-heartbeat');
  await heartbeat.click();
  await expect(heartbeat).toBeChecked();
  await expect(page.getByTestId('trade-heartbeat-last')).toContainText('last sent', { timeout: 15_000 });

  // Locking drops the L2 secret: heartbeats fail from now on.
  await page.getByTestId('titlebar-lock').click();
  await expect(page.getByTestId('titlebar-lock')).toHaveAttribute('data-state', 'locked');
  await expect(page.getByTestId('trade-heartbeat-banner')).toHaveAttribute('data-lapsed', 'true', { timeout: 30_000 });

  await page.getByTestId('titlebar-lock').click();
  const dialog = page.getByTestId('vault-dialog');
  await dialog.getByTestId('unlock-password').fill(VAULT_PASSWORD);
  await dialog.getByTestId('unlock-submit').click();
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });

  const notice = page.getByTestId('cancelled-orders-notice');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText('1 order cancelled by the exchange');
  await expect(notice.locator('li')).toHaveCount(1);
  await expect(page.getByTestId('trade-heartbeat-banner')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: SHOT });
  await notice.getByTestId('cancelled-orders-dismiss').click();
  await expect(page.getByTestId('cancelled-orders-notice')).toHaveCount(0);
});
