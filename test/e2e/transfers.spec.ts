/**
 * Issue 9 end to end, as a user moving collateral between two of their own accounts: a vault and
 * two key accounts, a perps proxy for each, paper collateral for the first from the sandbox
 * faucet, then a transfer to the second through the confirmation that shows the exact signed op.
 * Both accounts' histories list it (out and in, the other own account named) and both equities
 * move, and so does the portfolio's all-accounts perps equity (their sum). A transfer beyond the
 * free collateral is refused in words. A watch-only address is never offered as an own account
 * and the confirmation marks it foreign. Its own host (fresh vault).
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { addWatchOnlyAccount, dismissWelcome } from './support/analytics';
import { watchPageProblems } from './support/pageProblems';
import { equityIn, fundPerps, pickAccount, setUpPerpsAccounts } from './support/perps';
import { ownWebHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/transfers.png', import.meta.url));
const CONFIRM_SHOT = fileURLToPath(new URL('../../docs/screenshots/transfer-confirm.png', import.meta.url));
const FOREIGN_SHOT = fileURLToPath(new URL('../../docs/screenshots/transfer-confirm-watch-only.png', import.meta.url));
/** A watch-only address (its key is not in the vault). */
const WATCHED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const PASSWORD = 'Copper-Heron-Valley-58';
const FUNDED = 1000;
const MOVED = 250;

const host = ownWebHost();

/** Syncs the shown account's transfers and returns the row of `transferId`. */
async function syncedRow(page: Page, transferId: string) {
  await expect(page.getByTestId('transfer-sync-button')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('transfer-sync-button').click();
  const row = page.locator(`[data-testid="transfer-row"][data-transfer-id="${transferId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  return row;
}

test('collateral moves between two own accounts and shows in both histories and equities', async ({ page }) => {
  test.setTimeout(400_000);
  const { problems } = watchPageProblems(page);
  let transferId = '';
  let betaBefore = 0;

  await test.step('a vault, accounts Alpha and Beta, a perps proxy each, paper USDC for Alpha', async () => {
    await page.goto(host().url);
    await dismissWelcome(page);
    await setUpPerpsAccounts(page, PASSWORD, ['Alpha', 'Beta']);
    await fundPerps(page, 'Alpha', String(FUNDED));
  });

  await test.step('Transfers from Alpha shows its equity once the faucet credit is in', async () => {
    await page.getByTestId('nav-transfers').click();
    await pickAccount(page, 'transfers-account', 'Alpha');
    await expect(page.getByTestId('transfer-send-form')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => equityIn(page, 'transfer-equity'), { timeout: 120_000, intervals: [2_000] }).toBeGreaterThanOrEqual(FUNDED - 0.01);
    await pickAccount(page, 'transfers-account', 'Beta');
    await expect(page.getByTestId('transfer-send-form')).toBeVisible();
    betaBefore = await equityIn(page, 'transfer-equity');
    if (Number.isNaN(betaBefore)) betaBefore = 0; // no perps account yet: nothing received so far
    await pickAccount(page, 'transfers-account', 'Alpha');
  });

  await test.step('bad input is named: no amount, too many decimals, a malformed address', async () => {
    const form = page.getByTestId('transfer-send-form');
    await form.getByTestId('transfer-preview').click();
    await expect(form.getByTestId('transfer-amount-problem')).toHaveText('Enter an amount.');
    await form.getByTestId('transfer-amount-input').fill('1.1234567');
    await form.getByTestId('transfer-preview').click();
    await expect(form.getByTestId('transfer-amount-problem')).toContainText('USDC has 6 decimals');
    await form.getByTestId('transfer-recipient').selectOption('typed');
    await form.getByTestId('transfer-address').fill('0x12');
    await form.getByTestId('transfer-preview').click();
    await expect(form.getByTestId('transfer-recipient-problem')).toContainText('40 hex digits');
  });

  await test.step('more than the free collateral is refused in a sentence, and nothing moves', async () => {
    const form = page.getByTestId('transfer-send-form');
    const betaOption = await form.getByTestId('transfer-recipient').locator('option').first().getAttribute('value');
    await form.getByTestId('transfer-recipient').selectOption(betaOption ?? '');
    await form.getByTestId('transfer-amount-input').fill('5000000');
    await form.getByTestId('transfer-preview').click();
    const dialog = page.getByTestId('transfer-confirm-dialog');
    const previewError = form.getByTestId('transfer-preview-error');
    await expect(previewError.or(dialog)).toBeVisible({ timeout: 20_000 });
    // The core checks free collateral before signing; if it lets the draft through, the exchange refuses it.
    if (await dialog.isVisible()) {
      await dialog.getByTestId('transfer-send').click();
      await expect(dialog.getByTestId('transfer-send-error')).toContainText("larger than the account's free collateral", { timeout: 20_000 });
      await dialog.getByTestId('transfer-cancel').click();
    } else {
      await expect(previewError).toContainText('is more than the free collateral of "Alpha"');
    }
  });

  await test.step('Alpha → Beta through the confirmation that shows the exact signed op', async () => {
    const form = page.getByTestId('transfer-send-form');
    await form.getByTestId('transfer-amount-input').fill(String(MOVED));
    await form.getByTestId('transfer-label').fill('Rebalance to Beta');
    await form.getByTestId('transfer-preview').click();
    const dialog = page.getByTestId('transfer-confirm-dialog');
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByTestId('transfer-confirm-to')).toContainText('Beta');
    await expect(dialog.getByTestId('transfer-confirm-amount')).toContainText(`${MOVED}.00 USDC`);
    const op = dialog.getByTestId('transfer-confirm-op');
    await expect(op).toContainText('"type": "internalTransfer"');
    await expect(op).toContainText(`"amount": "${MOVED}"`);
    await expect(op).toContainText('"salt"');
    await expect(op).toContainText('"ts"');
    await expect(op).toContainText('"verifyingContract"');
    await expect(dialog.getByTestId('transfer-confirm-proxy')).toContainText(/proxy 0x[0-9a-fA-F]{40}/);
    await page.screenshot({ path: CONFIRM_SHOT });
    await dialog.getByTestId('transfer-send').click();
    const result = dialog.getByTestId('transfer-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    transferId = (await result.getAttribute('data-transfer-id')) ?? '';
    expect(transferId).toMatch(/^\d+$/);
    await expect(dialog.getByTestId('transfer-result-id')).toHaveText(transferId);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('transfer-last-result')).toHaveAttribute('data-transfer-id', transferId);
    // A sent transfer clears its amount: a second Preview is never the same send by accident.
    await expect(page.getByTestId('transfer-amount-input')).toHaveValue('');
  });

  await test.step("Alpha's history lists it out to Beta; Beta's lists it in from Alpha", async () => {
    const out = await syncedRow(page, transferId);
    await expect(out).toHaveAttribute('data-direction', 'out');
    await expect(out).toHaveAttribute('data-asset', 'USDC');
    await expect(out.getByTestId('transfer-amount')).toHaveText(`−${MOVED}.00`);
    await expect(out.getByTestId('transfer-counterparty')).toContainText('Beta');
    await expect(out).toContainText('Rebalance to Beta');
    // The filter finds it by direction and text, and hides it for the other direction.
    await page.getByTestId('transfer-filter-direction').selectOption('in');
    await expect(out).toHaveCount(0);
    await page.getByTestId('transfer-filter-direction').selectOption('out');
    await page.getByTestId('transfer-filter-text').fill('rebalance');
    await expect(out).toBeVisible();
    await page.getByTestId('transfer-filter-reset').click();

    await pickAccount(page, 'transfers-account', 'Beta');
    const incoming = await syncedRow(page, transferId);
    await expect(incoming).toHaveAttribute('data-direction', 'in');
    await expect(incoming.getByTestId('transfer-amount')).toHaveText(`+${MOVED}.00`);
    await expect(incoming.getByTestId('transfer-counterparty')).toContainText('Alpha');
  });

  await test.step('both equities move by the amount', async () => {
    await expect.poll(() => equityIn(page, 'transfer-equity'), { timeout: 120_000, intervals: [2_000] }).toBeCloseTo(betaBefore + MOVED, 0);
    await pickAccount(page, 'transfers-account', 'Alpha');
    await expect.poll(() => equityIn(page, 'transfer-equity'), { timeout: 120_000, intervals: [2_000] }).toBeCloseTo(FUNDED - MOVED, 0);
  });

  await test.step('a watch-only address is not an own account: not in the quick move, apart in Send, foreign in the confirmation', async () => {
    await addWatchOnlyAccount(page, 'Watched', WATCHED);
    await page.getByTestId('nav-transfers').click();
    await pickAccount(page, 'transfers-account', 'Alpha');
    await expect(page.getByTestId('quick-move').getByTestId('quick-move-to').locator('option')).toHaveText(['→ Beta']);
    const form = page.getByTestId('transfer-send-form');
    await expect(form.getByTestId('transfer-recipient-watch-only').locator('option')).toHaveText([/^Watched · /]);
    const watchedId = await form.getByTestId('transfer-recipient-watch-only').locator('option').getAttribute('value');
    await form.getByTestId('transfer-recipient').selectOption(watchedId ?? '');
    await expect(form).toContainText('A watch-only address: its key is not in this vault, so it is not one of your own accounts.');
    await form.getByTestId('transfer-amount-input').fill('1');
    await form.getByTestId('transfer-preview').click();
    const dialog = page.getByTestId('transfer-confirm-dialog');
    await expect(dialog.getByTestId('transfer-confirm-to')).toHaveAttribute('data-recipient', 'foreign', { timeout: 20_000 });
    await expect(dialog.getByTestId('transfer-confirm-foreign')).toHaveText('Not one of your accounts: its key is not in this vault.');
    await page.screenshot({ path: FOREIGN_SHOT });
    await dialog.getByTestId('transfer-cancel').click();
    await form.getByTestId('transfer-amount-input').fill('');
  });

  await test.step('the quick move: the other own account and an amount, then the same confirmation', async () => {
    const quick = page.getByTestId('quick-move');
    await expect(quick.getByTestId('quick-move-to')).toContainText('Beta');
    await quick.getByTestId('quick-move-amount').fill('50');
    await quick.getByTestId('quick-move-submit').click();
    const dialog = page.getByTestId('transfer-confirm-dialog');
    await expect(dialog.getByTestId('transfer-confirm-to')).toContainText('Beta', { timeout: 20_000 });
    await expect(dialog.getByTestId('transfer-confirm-op')).toContainText('"amount": "50"');
    await dialog.getByTestId('transfer-send').click();
    await expect(dialog.getByTestId('transfer-result')).toBeVisible({ timeout: 30_000 });
    const second = Number(await dialog.getByTestId('transfer-result').getAttribute('data-transfer-id'));
    expect(second).toBeGreaterThan(Number(transferId));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(quick.getByTestId('quick-move-result')).toHaveAttribute('data-transfer-id', String(second));
    await expect(quick.getByTestId('quick-move-amount')).toHaveValue('');
    await expect(page.locator(`[data-testid="transfer-row"][data-transfer-id="${second}"]`)).toBeVisible({ timeout: 30_000 });
  });

  await test.step('a header sorts the stored history in main: by amount, then back to newest first', async () => {
    const rows = page.getByTestId('transfer-row');
    await expect(rows).toHaveCount(2);
    /** Clicks a header until it shows `direction` (a sort goes to main and the first page is read again). */
    const sortBy = async (column: string, direction: 'ascending' | 'descending') => {
      const header = page.getByRole('columnheader').filter({ has: page.getByTestId(`transfer-table-sort-${column}`) });
      for (let clicks = 0; clicks < 3 && (await header.getAttribute('aria-sort')) !== direction; clicks++) {
        await page.getByTestId(`transfer-table-sort-${column}`).click();
      }
      await expect(header).toHaveAttribute('aria-sort', direction);
    };
    await sortBy('amount', 'ascending');
    // −250 is below −50: the first transfer comes first.
    await expect(rows.first()).toHaveAttribute('data-transfer-id', transferId);
    await sortBy('amount', 'descending');
    await expect(rows.first()).not.toHaveAttribute('data-transfer-id', transferId);
    await sortBy('time', 'descending');
    await expect(rows.last()).toHaveAttribute('data-transfer-id', transferId);
  });

  await test.step('the export of the history is a file with the row', async () => {
    await page.getByTestId('transfer-export-csv').click();
    await expect(page.getByTestId('transfer-export-result')).toHaveAttribute('data-rows', '2', { timeout: 30_000 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: SHOT });
  });

  await test.step("Portfolio's all-accounts totals carry both accounts' perps equity", async () => {
    await page.getByTestId('nav-portfolio').click();
    await page.getByTestId('portfolio-wallet-select').selectOption('all');
    await expect.poll(() => equityIn(page, 'portfolio-perps-equity'), { timeout: 60_000, intervals: [2_000] }).toBeCloseTo(FUNDED, 0);
    // The all-accounts total: the order-book cash (none read: "—"), the positions' value and the perps equity.
    const value = await equityIn(page, 'portfolio-value');
    const cash = (await equityIn(page, 'portfolio-cash')) || 0;
    await expect.poll(() => equityIn(page, 'portfolio-total'), { timeout: 30_000, intervals: [2_000] }).toBeCloseTo(cash + value + FUNDED, 0);
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
