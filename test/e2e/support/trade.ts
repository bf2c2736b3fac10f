/**
 * Helpers for the trade spec: setting up accounts through the UI, reading the Trade view's
 * numbers, and prices on the market's tick in integer ticks (no float drift).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { answerNextQuestion } from './mainsQuestion';

export const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

/** A price grid: whole ticks ↔ the decimal text the app shows ("0.049" on a 0.001 tick). */
export class TickGrid {
  readonly tick: number;
  readonly decimals: number;

  constructor(tickText: string) {
    this.tick = Number(tickText);
    this.decimals = (tickText.split('.')[1] ?? '').length;
  }

  ticksOf(price: string | number): number {
    return Math.round(Number(price) / this.tick);
  }

  /** The price of `ticks` ticks, kept inside the exchange's range [tick, 1 − tick]. */
  text(ticks: number): string {
    const max = Math.round(1 / this.tick) - 1;
    return (Math.min(max, Math.max(1, ticks)) * this.tick).toFixed(Math.max(2, this.decimals));
  }
}

export const numberIn = (text: string): number => Number(text.replace(/[,\s$]/g, ''));

export async function readNumber(locator: Locator): Promise<number> {
  return numberIn(await locator.innerText());
}

export async function createVault(page: Page, password: string): Promise<void> {
  await page.getByTestId('nav-accounts').click();
  await page.getByTestId('create-vault-password').fill(password);
  await page.getByTestId('create-vault-confirm').fill(password);
  await page.getByTestId('create-vault-submit').click();
  await expect(page.getByTestId('titlebar-lock')).toHaveAttribute('data-state', 'unlocked', { timeout: 30_000 });
}

/** Adds a new-key account in Accounts; the first account added becomes the active one. */
export async function addKeyAccount(page: Page, label: string): Promise<void> {
  await page.getByTestId('nav-accounts').click();
  const before = await page.getByTestId('account-row').count();
  if (await page.getByTestId('add-account-panel').isHidden()) await page.getByTestId('add-account').click();
  await page.getByTestId('add-tab-create').click();
  await page.getByTestId('account-label-input').fill(label);
  await page.getByTestId('add-account-submit').click();
  await expect(page.getByTestId('account-row')).toHaveCount(before + 1, { timeout: 20_000 });
}

/** Switches with Ctrl/Cmd+N (N = position in the switcher) and waits for the title bar. */
export async function switchAccount(page: Page, label: string): Promise<void> {
  if ((await page.getByTestId('titlebar-account-label').innerText()) === label) return;
  await page.getByTestId('account-switcher').click();
  const labels = await page.getByTestId('account-switcher-option').allInnerTexts();
  await page.keyboard.press('Escape');
  const index = labels.findIndex((text) => text.includes(label));
  expect(index, `account "${label}" is in the switcher`).toBeGreaterThanOrEqual(0);
  await page.keyboard.press(`${MOD}+${index + 1}`);
  await expect(page.getByTestId('titlebar-account-label')).toHaveText(label);
}

/**
 * Creates order-book credentials for the active account (Accounts view). Off the sandbox main
 * first asks on its own page, naming the host; the test answers there as the user would.
 */
export async function createCredentials(page: Page): Promise<void> {
  await page.getByTestId('nav-accounts').click();
  const panel = page.getByTestId('clob-panel');
  await panel.getByTestId('clob-create').click();
  const hint = panel.getByTestId('clob-api-key-hint');
  await expect(hint.or(page.getByTestId('confirmation-pending')).first()).toBeVisible({ timeout: 30_000 });
  if (!(await hint.isVisible())) await answerNextQuestion(page, 'confirm');
  await expect(hint).toBeVisible({ timeout: 30_000 });
}

/** The Trade view's best bid and ask, and the tick grid, once the book has arrived. */
export async function readBook(page: Page): Promise<{ grid: TickGrid; bid: number; ask: number }> {
  await expect(page.getByTestId('trade-best-bid')).toHaveText(/^\d+\.\d+$/, { timeout: 20_000 });
  await expect(page.getByTestId('trade-best-ask')).toHaveText(/^\d+\.\d+$/);
  const grid = new TickGrid(await page.getByTestId('trade-tick').innerText());
  return {
    grid,
    bid: grid.ticksOf(await page.getByTestId('trade-best-bid').innerText()),
    ask: grid.ticksOf(await page.getByTestId('trade-best-ask').innerText()),
  };
}

/**
 * The simulated market wanders; a buy ladder far under the bid needs room above the floor. When
 * this outcome is too cheap for it, trade the other one (its complement is expensive).
 */
export async function ensureRoomBelowBid(page: Page, ticks: number): Promise<void> {
  const { bid } = await readBook(page);
  if (bid - ticks > 2) return;
  const other = page.locator('[data-testid="trade-outcome"][aria-pressed="false"]').first();
  const tokenId = await other.getAttribute('data-token-id');
  await other.click();
  await expect(page.getByTestId('view-trade')).toHaveAttribute('data-token-id', tokenId ?? '');
  await expect(page.locator('[data-testid="ladder-level"][data-side="bid"]').first()).toBeVisible({ timeout: 20_000 });
}

/**
 * Ladder rows of one side as [price text, cumulative shares from the touch], in display order
 * (top to bottom: asks are worst first, bids best first).
 */
export async function ladderSide(page: Page, side: 'bid' | 'ask'): Promise<Array<{ price: string; total: number }>> {
  const rows = await page.locator(`[data-testid="ladder-level"][data-side="${side}"]`).evaluateAll((found, which) =>
    found.map((row) => ({
      price: row.getAttribute('data-price') ?? '',
      size: Number((row.querySelector(`[data-testid="ladder-${which}"]`)?.textContent ?? '0').replace(/,/g, '')) || 0,
    })),
  side);
  const fromTouch = side === 'ask' ? [...rows].reverse() : rows;
  let total = 0;
  const totals = fromTouch.map((row) => ({ price: row.price, total: (total += row.size) }));
  return side === 'ask' ? totals.reverse() : totals;
}

export interface TicketFill {
  side: 'BUY' | 'SELL';
  type: 'GTC' | 'GTD' | 'FOK' | 'FAK';
  price?: string;
  size?: string;
  postOnly?: boolean;
}

/** Fills the order ticket the way a user does (the Order tab must be open). */
export async function fillTicket(page: Page, fill: TicketFill): Promise<void> {
  const ticket = page.getByTestId('ticket');
  await ticket.getByTestId(fill.side === 'BUY' ? 'ticket-side-buy' : 'ticket-side-sell').click();
  await ticket.getByTestId(`ticket-type-${fill.type}`).click();
  await ticket.getByTestId('ticket-unit-shares').click();
  if (fill.price !== undefined) await ticket.getByTestId('ticket-price').fill(fill.price);
  if (fill.size !== undefined) await ticket.getByTestId('ticket-size').fill(fill.size);
  const postOnly = ticket.getByTestId('ticket-post-only');
  if ((fill.type === 'GTC' || fill.type === 'GTD') && (await postOnly.isChecked()) !== Boolean(fill.postOnly)) await postOnly.click();
}

/**
 * Sends the ticket once its preview has no problems, confirming when the account asks for it,
 * and returns the new result (the ticket numbers its answers, so an old one never passes).
 */
export async function sendTicket(page: Page): Promise<Locator> {
  const ticket = page.getByTestId('ticket');
  const outcome = ticket.getByTestId('ticket-outcome');
  const seq = Number(await outcome.getAttribute('data-seq'));
  await expect(ticket.getByTestId('ticket-problem')).toHaveCount(0);
  await expect(ticket.getByTestId('ticket-send')).toBeEnabled({ timeout: 15_000 });
  await ticket.getByTestId('ticket-send').click();
  const dialog = page.getByTestId('confirm-order-dialog');
  const answered = page.locator(`[data-testid="ticket-outcome"][data-seq="${seq + 1}"]`);
  // On a live network main asks on its own page (the first order explained there); on the
  // sandbox the app's own summary asks when order confirmations are on.
  const mainAsks = page.getByTestId('confirmation-pending');
  await expect(mainAsks.or(dialog).or(answered).first()).toBeVisible({ timeout: 20_000 });
  if (await mainAsks.isVisible()) await answerNextQuestion(page, 'confirm');
  else if (await dialog.isVisible()) await dialog.getByTestId('confirm-order-submit').click();
  await expect(answered).toBeAttached({ timeout: 20_000 });
  await expect(answered.getByTestId('ticket-error')).toHaveCount(0);
  return answered.getByTestId('ticket-result');
}

export async function openSettingsMode(page: Page, mode: string, retryAfterSeconds?: number): Promise<void> {
  await page.getByTestId('nav-settings').click();
  const section = page.getByTestId('settings-sandbox');
  await section.getByTestId('sandbox-mode').selectOption(mode);
  if (retryAfterSeconds !== undefined) await section.getByTestId('sandbox-retry-after').fill(String(retryAfterSeconds));
  await section.getByTestId('sandbox-mode-apply').click();
  await expect(section.getByTestId('sandbox-mode-error')).toHaveCount(0);
  await expect(section.getByTestId('sandbox-mode-current')).toContainText(mode);
}
