/**
 * Risk limits and the kill switch end to end (browser mode, on the sandbox, where limits start
 * off): limits turned on from the Risk panel (turning on and lowering needs no confirmation), the
 * ticket warning before sending, a quote grid refused by main with the limit named on screen, the
 * panel's use against each limit, and the kill switch (hotkey and button) cancelling the orders of
 * two accounts at once.
 *
 * Its own host with a fresh data directory.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openMarketPricedBetween } from './support/markets';
import { watchPageProblems } from './support/pageProblems';
import { addKeyAccount, createCredentials, createVault, fillTicket, readBook, readNumber, sendTicket, switchAccount } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const VAULT_PASSWORD = 'Granite-Lantern-Orbit-58';
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
/** How far under the best bid the test's orders rest (in price): out of the simulated takers' reach. */
const FAR = 0.08;
const farUnder = (grid: { tick: number; text: (ticks: number) => string }, bid: number) => grid.text(bid - Math.max(1, Math.round(FAR / grid.tick)));
const host = ownWebHost();

async function fund(page: Page, amount: string): Promise<void> {
  const panel = page.getByTestId('balance-panel');
  await panel.getByTestId('faucet-amount').fill(amount);
  await panel.getByTestId('faucet-submit').click();
  await expect.poll(() => readNumber(panel.getByTestId('balance-usd')), { timeout: 20_000 }).toBeGreaterThanOrEqual(Number(amount) - 0.01);
}

const row = (page: Page, limit: string) => page.getByTestId('risk-panel').locator(`[data-testid="risk-row"][data-limit="${limit}"]`);

test('risk limits: the panel, a warning in the ticket, a grid refused by name; the kill switch across two accounts', async ({ page }) => {
  test.setTimeout(240_000);
  const { problems } = watchPageProblems(page);

  await test.step('two accounts with order-book credentials', async () => {
    await page.goto(host().url);
    await createVault(page, VAULT_PASSWORD);
    await addKeyAccount(page, 'Risk one');
    await createCredentials(page);
    await addKeyAccount(page, 'Risk two');
    await switchAccount(page, 'Risk two');
    await createCredentials(page);
    await switchAccount(page, 'Risk one');
    await openMarketPricedBetween(page, 0.3, 0.7);
    await fund(page, '1000');
  });

  await test.step('the Risk panel: off on the sandbox; turned on without any confirmation', async () => {
    const panel = page.getByTestId('risk-panel');
    await expect(panel.getByTestId('risk-meta')).toHaveText('Sandbox · defaults');
    await expect(row(page, 'maxOpenOrders').getByTestId('risk-limit')).toHaveText('Off');
    await expect(row(page, 'maxOpenOrders').getByTestId('risk-use')).toHaveText('0');
    await panel.getByTestId('risk-edit').click();
    await expect(panel.getByTestId('risk-form-note')).toContainText('applies at once');
    await panel.getByTestId('risk-input-maxOpenOrders').fill('3');
    await panel.getByTestId('risk-input-maxOrderNotionalUsd').fill('100');
    await panel.getByTestId('risk-input-maxDailyNotionalUsd').fill('5000');
    await expect(panel.getByTestId('risk-save')).toHaveText('Save');
    await panel.getByTestId('risk-save').click();
    await expect(panel.getByTestId('risk-meta')).toHaveText('Sandbox');
    await expect(row(page, 'maxOpenOrders').getByTestId('risk-limit')).toHaveText('3');
    await expect(row(page, 'maxOrderNotionalUsd').getByTestId('risk-limit')).toHaveText('100.00 USD');
    await expect(row(page, 'maxDailyNotionalUsd')).toContainText('0.00');
    await expect(row(page, 'maxDailyNotionalUsd').getByTestId('risk-limit')).toHaveText('5,000.00 USD');
  });

  await test.step('the ticket says which limit an order would cross before it is sent', async () => {
    const { grid, bid } = await readBook(page);
    await fillTicket(page, { side: 'BUY', type: 'GTC', price: farUnder(grid, bid), size: '2000' });
    const ticket = page.getByTestId('ticket');
    await expect(ticket.getByTestId('ticket-risk-limit')).toContainText(/This order's notional [\d,.]+ USD is above your maximum order notional of 100\.00 USD on Sandbox\./, { timeout: 15_000 });
    await expect(ticket.getByTestId('ticket-send')).toBeDisabled();
    await expect(ticket.getByTestId('ticket-send-reason')).toHaveAttribute('data-kind', 'risk');
    await ticket.getByTestId('ticket-size').fill('10');
    await expect(ticket.getByTestId('ticket-risk-limit')).toHaveCount(0, { timeout: 15_000 });
  });

  await test.step('a grid past the open-order limit is refused by main before its confirmation, naming the limit and the orders', async () => {
    await page.getByTestId('ticket-tab-grid').click();
    const quotes = page.getByTestId('quote-grid');
    const { grid, bid } = await readBook(page);
    await quotes.getByTestId('grid-side-buy').click();
    await quotes.getByTestId('grid-start-price').fill(farUnder(grid, bid));
    await quotes.getByTestId('grid-step').fill('1');
    await quotes.getByTestId('grid-levels').fill('5');
    await quotes.getByTestId('grid-size').fill('10');
    await quotes.getByTestId('grid-submit').click();
    // main's check of the whole grid says it before anything is confirmed: no dialog, nothing signed.
    const error = quotes.getByTestId('grid-risk-limit');
    await expect(error).toHaveText(
      'Risk limit. This grid would take your open orders to 5, above your maximum open orders of 3 on Sandbox (orders 4 and 5 of the 5 cross it).',
      { timeout: 20_000 },
    );
    await expect(page.getByTestId('confirm-grid-dialog')).toHaveCount(0);
    await expect(page.getByTestId('open-orders-scope-all')).toHaveText('All (0)');
    await error.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('risk-refusal') });

    await quotes.getByTestId('grid-levels').fill('3');
    await quotes.getByTestId('grid-submit').click();
    await page.getByTestId('confirm-grid-dialog').getByTestId('confirm-grid-submit').click();
    await expect(quotes.getByTestId('grid-results')).toHaveAttribute('data-placed', '3', { timeout: 20_000 });
    await expect(row(page, 'maxOpenOrders').getByTestId('risk-use')).toHaveText('3', { timeout: 15_000 });
    await expect(row(page, 'maxOpenOrders')).toHaveAttribute('data-level', 'at');
    await page.getByTestId('risk-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('risk-panel').screenshot({ path: shot('risk-panel') });
  });

  await test.step('the second account rests an order of its own', async () => {
    await switchAccount(page, 'Risk two');
    await fund(page, '500');
    await page.getByTestId('ticket-tab-order').click();
    const { grid, bid } = await readBook(page);
    await fillTicket(page, { side: 'BUY', type: 'GTC', price: farUnder(grid, bid), size: '10' });
    await expect(await sendTicket(page)).toHaveAttribute('data-success', 'true');
    await expect(page.getByTestId('open-orders-scope-all')).toHaveText('All (1)', { timeout: 15_000 });
  });

  await test.step('the kill switch: listed in the ? sheet, opened by Shift+K, cancels both accounts’ orders at once', async () => {
    await page.getByTestId('shortcuts-help-button').click();
    await expect(page.getByTestId('shortcuts-help')).toContainText('Kill switch: cancel every order of every account on this network, stop heartbeats');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('kill-switch-button')).toBeVisible();
    await page.getByTestId('view-trade').locator('.trade-header').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+K');
    const dialog = page.getByTestId('kill-switch-dialog');
    await expect(dialog.getByTestId('kill-switch-scope')).toContainText('2 accounts with order-book credentials');
    await dialog.getByTestId('kill-switch-confirm').click();
    await expect(dialog.getByTestId('kill-switch-summary')).toContainText('4 orders cancelled across 2 accounts', { timeout: 20_000 });
    const outcomes = dialog.getByTestId('kill-switch-account');
    await expect(outcomes.filter({ hasText: 'Risk one' }).getByTestId('kill-switch-detail')).toContainText('3 orders cancelled');
    await expect(outcomes.filter({ hasText: 'Risk two' }).getByTestId('kill-switch-detail')).toContainText('1 order cancelled');
    await expect(outcomes.getByTestId('kill-switch-outcome')).toHaveText(['Cancelled', 'Cancelled']);
    await page.screenshot({ path: shot('kill-switch') });
    await dialog.getByTestId('kill-switch-close').click();
    await expect(page.getByTestId('open-orders-scope-all')).toHaveText('All (0)', { timeout: 15_000 });
    await switchAccount(page, 'Risk one');
    await expect(page.getByTestId('open-orders-scope-all')).toHaveText('All (0)', { timeout: 15_000 });
    await expect(row(page, 'maxOpenOrders').getByTestId('risk-use')).toHaveText('0', { timeout: 15_000 });
  });

  expect(problems).toEqual([]);
});
