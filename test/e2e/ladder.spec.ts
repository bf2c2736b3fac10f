/**
 * The DOM ladder end to end against the sandbox (issue 11, "A pro desk"): in Markets a click on a
 * level opens Trade with the ticket prefilled; in Trade a click on the bid column sends a buy at
 * that price through the ticket's checks and the confirmation; the keyboard reaches the same;
 * your order shows at its level and is amended by dragging it to another price and from its
 * open-order row, each amend answered for both halves; cancel by side asks once.
 *
 * Its own host with a fresh data directory.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { watchPageProblems } from './support/pageProblems';
import { addKeyAccount, createCredentials, createVault, numberIn, readBook, readNumber } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const VAULT_PASSWORD = 'Walnut-Harbor-Signal-41';
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
/** How many ticks under the best bid the test's order rests: inside the window, out of the simulated takers' reach. */
const UNDER = 10;
const host = ownWebHost();

/** Markets → the first open market priced in [0.3, 0.7] on a 0.01 tick, its books showing. */
async function openMidPricedBooks(page: Page): Promise<void> {
  await page.getByTestId('nav-markets').click();
  const events = page.getByTestId('event-row');
  await expect(events.first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 20; i += 1) {
    const event = events.nth(i);
    await event.click();
    await expect(page.getByTestId('event-detail')).toHaveAttribute('data-event-id', (await event.getAttribute('data-event-id')) ?? '');
    const markets = page.getByTestId('market-row');
    for (let j = 0; j < (await markets.count()); j += 1) {
      const row = markets.nth(j);
      if (/CLOSED|INACTIVE|NOT ACCEPTING/.test(await row.innerText())) continue;
      const price = Number(await row.locator('.outcome-first .num').innerText());
      if (!(price >= 0.3 && price <= 0.7)) continue;
      await row.click();
      const book = page.getByTestId('order-book').first();
      await expect(book.getByTestId('book-tick-size')).toHaveText(/^0\.\d+$/, { timeout: 20_000 });
      if ((await book.getByTestId('book-tick-size').innerText()) !== '0.01') continue;
      await expect(book.locator('[data-testid="book-level"][data-side="bid"]').first()).toBeVisible({ timeout: 20_000 });
      return;
    }
  }
  throw new Error('no open market priced between 0.30 and 0.70 on a 0.01 tick among the first events');
}

async function fund(page: Page, amount: string): Promise<void> {
  const panel = page.getByTestId('balance-panel');
  await panel.getByTestId('faucet-amount').fill(amount);
  await panel.getByTestId('faucet-submit').click();
  await expect.poll(() => readNumber(panel.getByTestId('balance-usd')), { timeout: 20_000 }).toBeGreaterThanOrEqual(Number(amount) - 0.01);
}

const level = (page: Page, price: string) => page.locator(`[data-testid="ladder-level"][data-price="${price}"]`);
const ownAt = (page: Page, price: string) => level(page, price).locator('[data-testid="ladder-own"][data-side="bid"]');

test('ladder: click-to-trade from Markets and Trade, the keyboard, amend by drag and from open orders', async ({ page }) => {
  test.setTimeout(300_000);
  const { problems } = watchPageProblems(page);
  let price = '';

  await test.step('an account with order-book credentials', async () => {
    await page.goto(host().url);
    await createVault(page, VAULT_PASSWORD);
    await addKeyAccount(page, 'Ladder');
    await createCredentials(page);
  });

  await test.step('Markets: a click on the bid column opens Trade with a buy at that price in the ticket', async () => {
    await openMidPricedBooks(page);
    const book = page.getByTestId('order-book').first();
    const clicked = (await book.locator('[data-testid="book-level"][data-side="bid"]').first().getAttribute('data-price')) ?? '';
    // Pinned by price: the simulated market moves, and "the first bid row" with it.
    const row = book.locator(`[data-testid="book-level"][data-price="${clicked}"]`);
    // Every tick is a row, empty ones too: the rows step by exactly one tick.
    const prices = await page.getByTestId('order-book').first().getByTestId('book-level').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-price'))));
    expect(prices.slice(1).every((p, i) => Math.round((prices[i]! - p) * 100) === 1)).toBe(true);
    await row.getByTestId('ladder-bid').click();
    await expect(page.getByTestId('view-trade')).toBeVisible();
    await expect(page.getByTestId('ticket')).toHaveAttribute('data-side', 'BUY');
    await expect(page.getByTestId('ticket-price')).toHaveValue(clicked);
  });

  await test.step('Trade: a click on the bid column under the touch buys there, after the confirmation', async () => {
    await fund(page, '1000');
    await page.getByTestId('ticket-size').fill('10');
    await page.getByTestId('ticket-post-only').check();
    await expect(async () => {
      const { grid, bid } = await readBook(page);
      // As far under the bid as the window shows (its bottom row is one tick above the lowest shown).
      const lowest = grid.ticksOf((await page.getByTestId('ladder-level').last().getAttribute('data-price')) ?? '0');
      price = grid.text(Math.max(bid - UNDER, lowest + 1));
      await level(page, price).getByTestId('ladder-bid').click();
      const dialog = page.getByTestId('confirm-order-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('confirm-order-summary')).toContainText(price);
      await dialog.getByTestId('confirm-order-submit').click();
      const result = page.getByTestId('ladder-outcome').getByTestId('ticket-result');
      await expect(result).toHaveAttribute('data-success', 'true', { timeout: 20_000 });
      await expect(ownAt(page, price)).toHaveText('10.00', { timeout: 15_000 });
    }).toPass({ timeout: 90_000 });
    await expect(page.getByTestId('ticket-price')).toHaveValue(price);
    await page.screenshot({ path: shot('ladder') });
  });

  await test.step('amend by dragging the order one tick down: both halves answered, the mark moves', async () => {
    const lower = (Number(price) - 0.01).toFixed(2);
    await ownAt(page, price).dragTo(level(page, lower).getByTestId('ladder-price'));
    const dialog = page.getByTestId('amend-dialog');
    await expect(dialog.getByTestId('amend-price')).toHaveValue(lower);
    await expect(dialog.getByTestId('amend-current')).toContainText('10.00 open of 10.00');
    await dialog.getByTestId('amend-submit').click();
    await expect(dialog.getByTestId('amend-result')).toHaveAttribute('data-state', 'amended', { timeout: 20_000 });
    await expect(dialog.getByTestId('amend-cancel')).toHaveText('Cancelled');
    await expect(dialog.getByTestId('amend-new')).toContainText(`BUY 10.00 at ${lower}`);
    await page.screenshot({ path: shot('amend') });
    await dialog.getByTestId('amend-close').click();
    await expect(ownAt(page, lower)).toHaveText('10.00', { timeout: 15_000 });
    await expect(ownAt(page, price)).toHaveCount(0);
    price = lower;
  });

  await test.step('keyboard: L focuses the ladder, ← picks the bid column, Enter asks to buy at that row', async () => {
    await page.getByTestId('trade-ladder-wrap').locator('.dl-head').click();
    await page.keyboard.press('l');
    const focused = page.locator('[data-testid="ladder-level"]:focus');
    await expect(focused).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const rowPrice = (await focused.getAttribute('data-price')) ?? '';
    await expect(focused.getByTestId('ladder-bid')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('confirm-order-dialog');
    await expect(dialog.getByTestId('confirm-order-summary')).toContainText(rowPrice);
    await dialog.getByTestId('confirm-order-cancel').click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('amend from the open-order row: a new size; nothing to change is said, not sent', async () => {
    await page.getByTestId('activity-tab-orders').click();
    const row = page.locator(`[data-testid="open-order-row"][data-price="${price}"]`);
    await row.getByTestId('open-order-amend').click();
    const dialog = page.getByTestId('amend-dialog');
    await expect(dialog.getByTestId('amend-submit')).toBeDisabled();
    await expect(dialog.getByTestId('amend-reason')).toHaveText('Change the price, the size or the post-only flag to amend.');
    await dialog.getByTestId('amend-size').fill('15');
    await dialog.getByTestId('amend-submit').click();
    await expect(dialog.getByTestId('amend-result')).toHaveAttribute('data-state', 'amended', { timeout: 20_000 });
    await dialog.getByTestId('amend-close').click();
    await expect(ownAt(page, price)).toHaveText('15.00', { timeout: 15_000 });
  });

  await test.step('at 1024x700 the ladder keeps its columns', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(level(page, price).getByTestId('ladder-price')).toBeVisible();
    await page.screenshot({ path: shot('ladder-1024') });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('[ asks once and cancels this outcome’s buy orders', async () => {
    await page.getByTestId('trade-ladder-wrap').locator('.dl-head').click();
    await page.keyboard.press('[');
    const dialog = page.getByTestId('cancel-all-dialog');
    await expect(dialog).toContainText(/Cancel 1 buy order for /);
    await expect(dialog.getByTestId('cancel-all-dialog-submit')).toHaveText('Cancel 1 order');
    await dialog.getByTestId('cancel-all-dialog-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(ownAt(page, price)).toHaveCount(0, { timeout: 15_000 });
    expect(numberIn(await page.getByTestId('activity-tab-orders').innerText().then((t) => t.replace(/\D+/g, '') || '0'))).toBe(0);
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
