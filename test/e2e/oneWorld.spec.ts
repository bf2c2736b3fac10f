/**
 * Issue 8's "one world" end to end, as a user of both desks: paper USDC from the perps faucet and
 * a perps transfer between two own accounts, made in the app, show up in the Activity view of
 * each account after a sync — the credit as a DEPOSIT, the transfer as a TIP out (Alpha) and in
 * (Beta), tips only once "Include tips" is ticked — next to whatever the order book did. Its own
 * host (fresh vault).
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { dismissWelcome } from './support/analytics';
import { watchPageProblems } from './support/pageProblems';
import { equityIn, fundPerps, pickAccount, setUpPerpsAccounts } from './support/perps';
import { switchAccount } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/activity-perps.png', import.meta.url));
const PASSWORD = 'Slate-Otter-Harbor-27';
const FUNDED = 400;
const MOVED = 125;

const host = ownWebHost();

/** The account labelled `label` made active (title bar) → Activity → Sync, waiting for it to finish. */
async function syncActivityOf(page: Page, label: string): Promise<void> {
  await switchAccount(page, label);
  await page.getByTestId('nav-activity').click();
  await expect(page.getByTestId('activity-wallet-select')).toHaveValue('active');
  await expect(page.getByTestId('activity-sync-button')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('activity-sync-button').click();
  await expect(page.getByTestId('activity-sync')).toHaveAttribute('data-complete', 'true', { timeout: 60_000 });
}

const rowOf = (page: Page, type: string, side: string) => page.locator(`[data-testid="activity-row"][data-type="${type}"][data-side="${side}"]`);

test('a perps faucet credit and a transfer made in the app appear in both accounts\' Activity', async ({ page }) => {
  test.setTimeout(400_000);
  const { problems } = watchPageProblems(page);

  await test.step('a vault, accounts Alpha and Beta with a perps proxy each, paper USDC for Alpha', async () => {
    await page.goto(host().url);
    await dismissWelcome(page);
    await setUpPerpsAccounts(page, PASSWORD, ['Alpha', 'Beta']);
    await fundPerps(page, 'Alpha', String(FUNDED));
  });

  await test.step('Alpha sends Beta collateral through the confirmation', async () => {
    await page.getByTestId('nav-transfers').click();
    await pickAccount(page, 'transfers-account', 'Alpha');
    await expect.poll(() => equityIn(page, 'transfer-equity'), { timeout: 120_000, intervals: [2_000] }).toBeGreaterThanOrEqual(FUNDED - 0.01);
    const form = page.getByTestId('transfer-send-form');
    const beta = await form.getByTestId('transfer-recipient').locator('option').first().getAttribute('value');
    await form.getByTestId('transfer-recipient').selectOption(beta ?? '');
    await form.getByTestId('transfer-amount-input').fill(String(MOVED));
    await form.getByTestId('transfer-preview').click();
    const dialog = page.getByTestId('transfer-confirm-dialog');
    await expect(dialog.getByTestId('transfer-confirm-to')).toContainText('Beta', { timeout: 20_000 });
    await dialog.getByTestId('transfer-send').click();
    await expect(dialog.getByTestId('transfer-result')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  await test.step("Alpha's Activity: the credit as a DEPOSIT; the transfer as a TIP out, once tips are included", async () => {
    await syncActivityOf(page, 'Alpha');
    const deposit = rowOf(page, 'DEPOSIT', '');
    await expect(deposit).toHaveCount(1, { timeout: 20_000 });
    await expect(deposit).toContainText('400.00');
    await expect(deposit).toContainText('Deposit');
    await expect(rowOf(page, 'TIP', 'OUT')).toHaveCount(0);
    await page.getByTestId('activity-include-tips').check();
    const out = rowOf(page, 'TIP', 'OUT');
    await expect(out).toHaveCount(1, { timeout: 15_000 });
    await expect(out).toContainText('125.00');
    await expect(out).toContainText('Transfer to 0x');
    await page.screenshot({ path: SHOT });
  });

  await test.step("Beta's Activity: the same transfer as a TIP in", async () => {
    await syncActivityOf(page, 'Beta');
    await page.getByTestId('activity-include-tips').check();
    const inbound = rowOf(page, 'TIP', 'IN');
    await expect(inbound).toHaveCount(1, { timeout: 20_000 });
    await expect(inbound).toContainText('125.00');
    await expect(inbound).toContainText('Transfer from 0x');
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
