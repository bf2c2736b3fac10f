/**
 * Helpers for the Portfolio, Activity and Boards specs: a funded trader with credentials, one
 * filled buy placed through the Trade view (as a user does it), and the sandbox's synthetic
 * history wallets (fixed addresses, the same on every seed).
 */
import { expect, type Page } from '@playwright/test';
import { openMarketPricedBetween } from './markets';
import { addKeyAccount, createCredentials, createVault, fillTicket, ladderSide, numberIn, readNumber, sendTicket } from './trade';

/** The sandbox's synthetic wallets (src/sandbox/analytics/synthetic/wallets.ts). */
export const HISTORY_WALLETS = {
  medium: '0x5a4d00000000000000000000000000000000a002',
  small: '0x5a4d00000000000000000000000000000000a003',
  tiny: '0x5a4d00000000000000000000000000000000a004',
} as const;

export async function setUpTrader(page: Page, password: string, label: string): Promise<void> {
  await createVault(page, password);
  await addKeyAccount(page, label);
  await createCredentials(page);
}

/** Markets → an open market priced 0.2–0.8 → Trade on its first outcome; its token id. */
export async function openTradableMarket(page: Page): Promise<string> {
  await openMarketPricedBetween(page, 0.2, 0.8);
  await expect(page.getByTestId('view-trade')).toHaveAttribute('data-token-id', /^\d+$/);
  return (await page.getByTestId('view-trade').getAttribute('data-token-id')) ?? '';
}

export async function fundActive(page: Page, amount: string): Promise<void> {
  const panel = page.getByTestId('balance-panel');
  await panel.getByTestId('faucet-amount').fill(amount);
  await panel.getByTestId('faucet-submit').click();
  await expect(panel.getByTestId('faucet-error')).toHaveCount(0);
  await expect.poll(() => readNumber(panel.getByTestId('balance-usd')), { timeout: 20_000 }).toBeGreaterThanOrEqual(Number(amount) - 0.01);
}

/**
 * Buys at least `wanted` shares (raised to the market's minimum order size) with one FOK order
 * at an ask level deep enough; returns the shares bought.
 */
export async function buyWithFok(page: Page, wanted: number): Promise<number> {
  await expect(page.getByTestId('trade-min-size')).toHaveText(/^\d+/);
  const shares = Math.max(wanted, Math.ceil(numberIn(await page.getByTestId('trade-min-size').innerText())));
  const held = async () => numberIn(((await page.getByTestId('balance-shares').innerText()) || '0').replace('—', '0'));
  const start = await held();
  await expect(async () => {
    const asks = (await ladderSide(page, 'ask')).reverse(); // best first
    const level = asks.find((ask) => ask.total >= shares * 1.5) ?? asks[asks.length - 1];
    await page.locator(`[data-testid="ladder-level"][data-side="ask"][data-price="${level?.price}"]`).click();
    await fillTicket(page, { side: 'BUY', type: 'FOK', size: String(shares) });
    const result = await sendTicket(page);
    await expect(result).toHaveAttribute('data-success', 'true');
  }).toPass({ timeout: 90_000 });
  await expect.poll(held, { timeout: 20_000 }).toBeGreaterThanOrEqual(start + shares);
  return shares;
}

/** Types an address into a view's lookup box (`portfolio-wallet` / `activity-wallet`). */
export async function lookUp(page: Page, pickerTestId: string, address: string): Promise<void> {
  await page.getByTestId(`${pickerTestId}-lookup`).fill(address);
  await page.getByTestId(`${pickerTestId}-lookup-go`).click();
  await expect(page.getByTestId(`${pickerTestId}-select`)).toHaveValue(`address:${address.toLowerCase()}`);
}

/** On a host without a vault the welcome banner shows; a view's screenshot is not about it. */
export async function dismissWelcome(page: Page): Promise<void> {
  await expect(page.getByTestId('titlebar-lock')).toHaveAttribute('data-state', /^(none|locked|unlocked)$/);
  if (await page.getByTestId('welcome-banner').isVisible()) await page.getByTestId('welcome-dismiss').click();
  await expect(page.getByTestId('welcome-banner')).toHaveCount(0);
}

/** Adds a watch-only account (no key: its public data only) in Accounts. */
export async function addWatchOnlyAccount(page: Page, label: string, address: string): Promise<void> {
  await page.getByTestId('nav-accounts').click();
  // Counted once the view is drawn: a count taken while its chunk loads reads 0.
  await expect(page.getByTestId('view-accounts')).toBeVisible();
  const before = await page.getByTestId('account-row').count();
  if (await page.getByTestId('add-account-panel').isHidden()) await page.getByTestId('add-account').click();
  await page.getByTestId('add-tab-watch').click();
  await page.getByTestId('watch-address-input').fill(address);
  await page.getByTestId('account-label-input').fill(label);
  await page.getByTestId('add-account-submit').click();
  await expect(page.getByTestId('account-row')).toHaveCount(before + 1, { timeout: 20_000 });
}
