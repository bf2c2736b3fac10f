/**
 * Brings a fresh Marketdesk (a new data folder) to a trading desk through its own UI, as a user
 * would: a vault, a new-key account, its order-book credentials, paper funds, the Trade view on
 * the bench's outcome, a size in the ticket, and "Confirm orders" off (pro mode: a click on the
 * ladder sends at once, within the risk limits — the sandbox's default asks nothing more).
 */
import type { Page } from 'playwright-core';

const VAULT_PASSWORD = 'Walnut-Harbor-Signal-41';

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`bench setup: ${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const byId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

export async function setUpTradingDesk(page: Page, url: string, size: string): Promise<void> {
  await page.goto(`${url}#/accounts`);
  await byId(page, 'create-vault-password').fill(VAULT_PASSWORD);
  await byId(page, 'create-vault-confirm').fill(VAULT_PASSWORD);
  await byId(page, 'create-vault-submit').click();
  await waitUntil('unlocking the new vault', async () => (await byId(page, 'titlebar-lock').getAttribute('data-state')) === 'unlocked', 180_000);

  if (await byId(page, 'add-account-panel').isHidden()) await byId(page, 'add-account').click();
  await byId(page, 'add-tab-create').click();
  await byId(page, 'account-label-input').fill('Bench');
  await byId(page, 'add-account-submit').click();
  await waitUntil('adding the account', async () => (await byId(page, 'account-row').count()) === 1);
  await byId(page, 'clob-panel').locator('[data-testid="clob-create"]').click();
  await byId(page, 'clob-api-key-hint').waitFor({ timeout: 60_000 });

  await byId(page, 'nav-trade').click();
  await page.locator('[data-testid="ladder-level"][data-side="bid"]').first().waitFor({ timeout: 60_000 });
  const balance = byId(page, 'balance-panel');
  await balance.locator('[data-testid="faucet-amount"]').fill('5000');
  await balance.locator('[data-testid="faucet-submit"]').click();
  await waitUntil('the faucet funds', async () => Number((await balance.locator('[data-testid="balance-usd"]').innerText()).replace(/[,$\s]/g, '')) >= 4999);

  const confirm = byId(page, 'trade-confirm-orders');
  await waitUntil('the trading state', async () => await confirm.isEnabled());
  if (await confirm.isChecked()) await confirm.click();
  await waitUntil('pro mode', async () => !(await confirm.isChecked()));
  await byId(page, 'ticket-size').fill(size);
  if (await byId(page, 'ticket-post-only').isChecked()) await byId(page, 'ticket-post-only').click();
}
