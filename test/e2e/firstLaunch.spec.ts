/**
 * Issue 11, "Done when": a new user goes from first launch to a filled paper order without
 * visiting Accounts. A fresh data folder; the welcome line creates the vault; the ticket offers
 * the first account; on the sandbox its order-book credentials come by themselves (one line says
 * so); the faucet says what it credited; a FOK that cannot fill says it would be cancelled (not
 * that it rests on the book); a marketable FOK fills and the fill shows in the ticket, the
 * balance and the Fills tab; a resting sell of those shares shows them held on the Balance card
 * and a second sell of them is refused in the ticket. The Accounts view is never opened (every
 * view shown is recorded).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openMarketPricedBetween } from './support/markets';
import { watchPageProblems } from './support/pageProblems';
import { readBook, readNumber, sendTicket } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const VAULT_PASSWORD = 'Juniper-Harbor-Quartz-71';
const ACCOUNT = 'Paper trader';
const SHOT = fileURLToPath(new URL('../../docs/screenshots/first-launch.png', import.meta.url));
const SHOT_SMALL = fileURLToPath(new URL('../../docs/screenshots/first-launch-1024.png', import.meta.url));
const HELD_SHOT = fileURLToPath(new URL('../../docs/screenshots/balance-in-orders.png', import.meta.url));
const ACCOUNT_SHOT = fileURLToPath(new URL('../../docs/screenshots/first-launch-account.png', import.meta.url));

const host = ownWebHost();

/** The part of the page's window this spec touches (the tests compile without the DOM types). */
interface BrowserWindow {
  location: { hash: string };
  addEventListener: (type: 'hashchange', listener: () => void) => void;
  viewsSeen: string[];
}

test('first launch to a filled paper order without visiting Accounts', async ({ page }) => {
  // Scrypt runs at full strength for the new vault and every key written to it: minutes on a busy machine.
  test.setTimeout(420_000);
  const { problems } = watchPageProblems(page);
  // Every view the window shows, from its first paint on.
  await page.addInitScript(() => {
    const browser = globalThis as unknown as BrowserWindow;
    const seen = [browser.location.hash];
    browser.viewsSeen = seen;
    browser.addEventListener('hashchange', () => seen.push(browser.location.hash));
  });
  const ticket = page.getByTestId('ticket');
  const balance = page.getByTestId('balance-panel');

  await test.step('first launch: the welcome line creates the vault', async () => {
    await page.goto(host().url);
    const welcome = page.getByTestId('welcome-banner');
    await expect(welcome).toBeVisible({ timeout: 30_000 });
    await welcome.getByTestId('welcome-create-vault').click();
    const dialog = page.getByTestId('vault-dialog');
    await dialog.getByTestId('create-vault-password').fill(VAULT_PASSWORD);
    await dialog.getByTestId('create-vault-confirm').fill(VAULT_PASSWORD);
    await dialog.getByTestId('create-vault-submit').click();
    await expect(page.getByTestId('titlebar-lock')).toHaveAttribute('data-state', 'unlocked', { timeout: 30_000 });
    await expect(dialog).toHaveCount(0);
  });

  await test.step('Markets → Trade: the ticket offers the first account, and its credentials come by themselves', async () => {
    await openMarketPricedBetween(page, 0.2, 0.8);
    const blocked = ticket.getByTestId('ticket-blocked');
    await expect(blocked).toHaveAttribute('data-kind', 'no_account');
    // Typed key by key: the ticket's B/S shortcuts must leave the name alone, and Enter creates
    // the account (it must not submit the order ticket around it).
    const name = blocked.getByTestId('ticket-blocked-create-account-label');
    await name.clear();
    await name.pressSequentially(ACCOUNT);
    await expect(name).toHaveValue(ACCOUNT);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: ACCOUNT_SHOT });
    await name.press('Enter');
    await expect(page.getByTestId('titlebar-account-label')).toHaveText(ACCOUNT, { timeout: 20_000 });
    const note = ticket.getByTestId('credentials-created-note');
    await expect(note).toBeVisible({ timeout: 30_000 });
    await expect(note).toHaveAttribute('data-automatic', 'true');
    await expect(note).toContainText(`for “${ACCOUNT}” were created automatically`);
    await expect(ticket.getByTestId('ticket-blocked')).toHaveCount(0);
  });

  await test.step('the faucet says what it credited; the Balance card shows it available', async () => {
    await balance.getByTestId('faucet-amount').fill('500');
    await balance.getByTestId('faucet-submit').click();
    await expect(balance.getByTestId('faucet-result')).toHaveText(`Added $500.00 paper USD to “${ACCOUNT}”.`, { timeout: 20_000 });
    await expect(balance.getByTestId('faucet-error')).toHaveCount(0);
    await expect.poll(() => readNumber(balance.getByTestId('balance-usd-available')), { timeout: 20_000 }).toBeGreaterThanOrEqual(500);
    await expect(balance.getByTestId('balance-usd-in-orders')).toHaveText('0.00');
  });

  const { grid, bid } = await readBook(page);
  const size = (await page.getByTestId('trade-min-size').innerText()).trim();

  await test.step('a FOK under the ask says the whole order would be cancelled, not that it rests', async () => {
    await ticket.getByTestId('ticket-side-buy').click();
    await ticket.getByTestId('ticket-type-FOK').click();
    await ticket.getByTestId('ticket-price').fill(grid.text(bid));
    await ticket.getByTestId('ticket-size').fill(size);
    const effect = ticket.getByTestId('ticket-crosses');
    await expect(effect).toHaveAttribute('data-effect', 'cancelled', { timeout: 15_000 });
    await expect(effect).toContainText('the whole order would be cancelled');
    await expect(effect).not.toContainText('rests on the book');
  });

  await test.step('a marketable FOK fills; the ticket, the balance and the Fills tab show it', async () => {
    // The sandbox's market keeps moving: price a few cents through the ask as it is now, and
    // price again if the book moved away between the preview and the send.
    await expect(async () => {
      const now = await readBook(page);
      await ticket.getByTestId('ticket-price').fill(now.grid.text(now.ask + Math.round(0.03 / now.grid.tick)));
      await expect(ticket.getByTestId('ticket-crosses')).toHaveAttribute('data-effect', 'takes', { timeout: 5_000 });
      await expect(ticket.getByTestId('ticket-crosses')).toContainText('Fills now against the book');
      // The signed base units are there, folded away.
      await expect(ticket.getByTestId('ticket-signed-amounts')).not.toHaveAttribute('open');
      await expect(ticket.getByTestId('ticket-maker-amount')).toBeHidden();
      const sent = await sendTicket(page);
      await expect(sent).toHaveAttribute('data-success', 'true');
    }).toPass({ timeout: 90_000 });
    const result = ticket.getByTestId('ticket-result');
    await expect(result).toHaveAttribute('data-status', 'matched');
    await expect(result.getByTestId('ticket-result-fill')).toHaveText(`All ${Number(size).toFixed(2)} sh filled.`);
    await expect.poll(() => readNumber(balance.getByTestId('balance-shares-available')), { timeout: 20_000 }).toBeGreaterThanOrEqual(Number(size));
    await page.getByTestId('activity-tab-fills').click();
    await expect(page.getByTestId('fill-row').first()).toBeVisible({ timeout: 20_000 });
    // At once, while the result still matches the book (the sandbox's market keeps moving).
    await page.mouse.move(0, 0);
    await page.screenshot({ path: SHOT });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: SHOT_SMALL });
  });

  await test.step('an open sell holds its shares: the Balance card and the ticket say so (defect 3)', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const held = Number(size);
    await expect.poll(() => readNumber(balance.getByTestId('balance-shares-available')), { timeout: 20_000 }).toBe(held);
    const now = await readBook(page);
    await ticket.getByTestId('ticket-side-sell').click();
    await ticket.getByTestId('ticket-type-GTC').click();
    await ticket.getByTestId('ticket-price').fill(now.grid.text(now.ask + Math.round(0.1 / now.grid.tick)));
    await ticket.getByTestId('ticket-size').fill(size);
    await expect(ticket.getByTestId('ticket-crosses')).toHaveAttribute('data-effect', 'adds', { timeout: 15_000 });
    const resting = await sendTicket(page);
    await expect(resting).toHaveAttribute('data-status', 'live');
    await expect(balance.getByTestId('balance-shares-in-orders')).toHaveText(held.toFixed(2), { timeout: 20_000 });
    await expect(balance.getByTestId('balance-shares-available')).toHaveText('0.00');
    await expect(balance.getByTestId('balance-shares')).toHaveText(held.toFixed(2));
    // The same sell again: the shares are all held by the first one, and the ticket says so.
    await expect(ticket.getByTestId('ticket-problem')).toContainText(
      `Not enough shares: the order sells ${held.toFixed(2)}, 0.00 are available (${held.toFixed(2)} more are held by your open sell orders).`,
      { timeout: 15_000 },
    );
    await expect(ticket.getByTestId('ticket-send')).toBeDisabled();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: HELD_SHOT });
  });

  const views = await page.evaluate(() => (globalThis as unknown as BrowserWindow).viewsSeen);
  expect(views.some((hash) => hash.startsWith('#/accounts'))).toBe(false);
  expect(views).toContain('#/trade');
  expect(problems).toEqual([]);
});
