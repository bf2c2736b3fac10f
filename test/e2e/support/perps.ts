/**
 * Helpers for the perps specs (transfers, referrals, perps): a vault with key accounts that each
 * have a perps proxy, picking an account in a perps view, paper collateral from the sandbox
 * faucet, and reading the equity the views show.
 */
import { expect, type Page } from '@playwright/test';
import { addKeyAccount, createVault, numberIn, switchAccount } from './trade';

/** A vault and one key account per label, each with a perps proxy created in Accounts. */
export async function setUpPerpsAccounts(page: Page, password: string, labels: readonly string[]): Promise<void> {
  await createVault(page, password);
  for (const label of labels) await addKeyAccount(page, label);
  for (const label of labels) await createProxyFor(page, label);
}

/** Makes `label` the active account and creates a perps proxy for it in Accounts. */
export async function createProxyFor(page: Page, label: string): Promise<void> {
  await switchAccount(page, label);
  await page.getByTestId('nav-accounts').click();
  const proxies = page.getByTestId('proxies-panel');
  const before = await proxies.getByTestId('proxy-row').count();
  await proxies.getByTestId('proxy-label').fill(`${label} desk`);
  await proxies.getByTestId('proxy-days').fill('30');
  await proxies.getByTestId('proxy-create').click();
  await expect(proxies.getByTestId('proxy-create-error')).toHaveCount(0);
  await expect(proxies.getByTestId('proxy-row')).toHaveCount(before + 1, { timeout: 30_000 });
}

/**
 * Chooses the account labelled `label` in a perps view's account picker (by its option text).
 * The picker fills once the view has read the accounts, so the option is waited for, not read once.
 */
export async function pickAccount(page: Page, pickerTestId: string, label: string): Promise<void> {
  const picker = page.getByTestId(pickerTestId);
  const optionValue = () =>
    picker.locator('option').evaluateAll(
      (options, wanted) => options.find((option) => (option.textContent ?? '').startsWith(`${wanted} ·`))?.getAttribute('value') ?? null,
      label,
    );
  await expect.poll(optionValue, { message: `account "${label}" is in the picker`, timeout: 20_000 }).not.toBeNull();
  await picker.selectOption((await optionValue()) ?? '');
}

/** Perps view → this account → the sandbox faucet credits `amount` of `asset`. */
export async function fundPerps(page: Page, label: string, amount: string, asset = 'USDC'): Promise<void> {
  await page.getByTestId('nav-perps').click();
  await pickAccount(page, 'perps-account', label);
  const paper = page.getByTestId('perps-paper');
  await expect(paper).toBeVisible({ timeout: 20_000 });
  await paper.getByTestId('perps-faucet-asset').selectOption(asset);
  await paper.getByTestId('perps-faucet-amount').fill(amount);
  await paper.getByTestId('perps-faucet-submit').click();
  await expect(paper.getByTestId('perps-faucet-submit')).toHaveText('Credit', { timeout: 20_000 });
  await expect(paper.getByTestId('perps-paper-error')).toHaveCount(0);
}

/** The equity a locator shows ("1,000.00 USD", "—" when unknown → NaN). */
export async function equityIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).innerText()).trim();
  return /^[≈\s]*-?[\d,]+(\.\d+)?/.test(text) ? numberIn(text.replace(/[^\d.,-]/g, '')) : Number.NaN;
}
