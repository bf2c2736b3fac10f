/**
 * Issue 20, "the ticket and grid tell the truth before you confirm" and "layout", in a real
 * browser at 1024×700 against the sandbox: the fee line from `/fee-rate`, the warning before an
 * order on an ENDED market (ticket and confirmation), a quote grid refused level by level for the
 * minimum size before any confirmation, an amend that keeps the order's post-only flag and lists
 * every change, and the Trade view's ladder (rows counted) and labels (none cut or wrapped).
 *
 * Its own host with a fresh data directory.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openMarketPricedBetween } from './support/markets';
import { watchPageProblems } from './support/pageProblems';
import { addKeyAccount, createCredentials, createVault, fillTicket, readBook, readNumber, sendTicket } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));
const host = ownWebHost();

async function fund(page: Page, amount: string): Promise<void> {
  const panel = page.getByTestId('balance-panel');
  await panel.getByTestId('faucet-amount').fill(amount);
  await panel.getByTestId('faucet-submit').click();
  await expect.poll(() => readNumber(panel.getByTestId('balance-usd')), { timeout: 20_000 }).toBeGreaterThanOrEqual(Number(amount) - 0.01);
}

/** Texts among `locator`'s elements that are cut (wider than their box) or wrapped (more than one line). */
async function cutOrWrapped(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.flatMap((el) => {
      const text = (el.textContent ?? '').trim();
      if (text === '' || el.getBoundingClientRect().width === 0) return [];
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      // Boxes that overlap vertically are one line (a smaller muted span sits lower on the same line).
      const boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = -Infinity;
      for (const box of boxes) {
        if (box.top >= bottom - 1) {
          lines += 1;
          bottom = box.bottom;
        } else bottom = Math.max(bottom, box.bottom);
      }
      const cut = el.scrollWidth > el.clientWidth + 1;
      return cut || lines > 1 ? [`"${text}" (${cut ? 'cut' : `${lines} lines`})`] : [];
    }),
  );
}

test('fee line, ENDED warning, grid minimum size, amend keeping flags, and Trade at 1024x700', async ({ page }) => {
  test.setTimeout(480_000);
  const { problems } = watchPageProblems(page);
  await page.setViewportSize({ width: 1024, height: 700 });

  await test.step('an account with order-book credentials and paper USD', async () => {
    await page.goto(host().url);
    await createVault(page, 'Walnut-Harbor-Signal-41');
    await addKeyAccount(page, 'Desk');
    await createCredentials(page);
    await openMarketPricedBetween(page, 0.2, 0.8, { tag: 'Crypto', ended: false });
    await fund(page, '500');
  });

  await test.step('the fee line: none while an order rests, the taker fee on what a crossing order fills now', async () => {
    const { grid, bid, ask } = await readBook(page);
    const ticket = page.getByTestId('ticket');
    await fillTicket(page, { side: 'BUY', type: 'GTC', price: grid.text(bid - 10), size: '10' });
    const fee = ticket.getByTestId('ticket-fee');
    await expect(fee).toHaveAttribute('data-bps', '100', { timeout: 15_000 });
    await expect(fee).toHaveText('none while it rests (taker fee 100 bps on what fills now)');
    await fillTicket(page, { side: 'BUY', type: 'FAK', price: grid.text(ask + 5), size: '10' });
    await expect(fee).toHaveText(/^about \$\d+\.\d{2} on what fills now \(taker fee 100 bps\)$/, { timeout: 15_000 });
    // 1% of min(p, 1 − p) per share that fills now (at the preview's average price).
    const average = Number(await ticket.getByTestId('ticket-avg-price').innerText());
    const fillable = Number(await ticket.getByTestId('ticket-fillable').getAttribute('data-value'));
    const value = Number(await fee.getAttribute('data-value'));
    expect(value).toBeCloseTo(0.01 * Math.min(average, 1 - average) * fillable, 2);
    await ticket.getByTestId('ticket-send').click();
    const dialog = page.getByTestId('confirm-order-dialog');
    await expect(dialog.getByTestId('confirm-order-summary')).toContainText(/Fee\s*about \$\d+\.\d{2} on what fills now \(taker fee 100 bps\)/);
    await dialog.getByTestId('confirm-order-cancel').click();
  });

  await test.step('a quote grid under the minimum size is refused before its confirmation, every level named', async () => {
    await page.getByTestId('ticket-tab-grid').click();
    const quotes = page.getByTestId('quote-grid');
    const { grid, bid } = await readBook(page);
    const minimum = Number(await page.getByTestId('trade-min-size').innerText());
    await quotes.getByTestId('grid-side-buy').click();
    await quotes.getByTestId('grid-start-price').fill(grid.text(bid - 10));
    await quotes.getByTestId('grid-step').fill('1');
    await quotes.getByTestId('grid-levels').fill('3');
    await quotes.getByTestId('grid-size').fill(String(minimum - 1));
    await quotes.getByTestId('grid-submit').click();
    const refused = quotes.getByTestId('grid-level-problem');
    await expect(refused).toHaveCount(3, { timeout: 20_000 });
    await expect(quotes.getByTestId('grid-check')).toContainText('Nothing was sent: 3 of the 3 levels would be refused.');
    for (let level = 1; level <= 3; level += 1) {
      const line = refused.nth(level - 1);
      await expect(line).toHaveAttribute('data-level', String(level));
      await expect(line).toContainText(`Level ${level} at ${grid.text(bid - 10 - (level - 1))}:`);
      await expect(line).toContainText(/minimum/i);
    }
    await expect(page.getByTestId('confirm-grid-dialog')).toHaveCount(0);
    await expect(page.getByTestId('open-orders-scope-all')).toHaveText('All (0)');
    await quotes.screenshot({ path: shot('grid-refused-levels') });
    // A size that passes: the check clears and the confirmation (with its fee line) comes.
    await quotes.getByTestId('grid-size').fill(String(minimum));
    await expect(quotes.getByTestId('grid-check')).toHaveCount(0);
    await quotes.getByTestId('grid-submit').click();
    const confirm = page.getByTestId('confirm-grid-dialog');
    await expect(confirm.getByTestId('confirm-grid-fee')).toHaveText('none while it rests (taker fee 100 bps on what fills now)', { timeout: 20_000 });
    await confirm.getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('ticket-tab-order').click();
  });

  await test.step('amend keeps the order’s post-only flag, lists every change, and the table shows the flag', async () => {
    const { grid, bid } = await readBook(page);
    const price = grid.text(bid - 12);
    await fillTicket(page, { side: 'BUY', type: 'GTC', price, size: '10', postOnly: true });
    await expect(await sendTicket(page)).toHaveAttribute('data-success', 'true');
    await page.getByTestId('activity-tab-orders').click();
    const row = page.locator(`[data-testid="open-order-row"][data-price="${price}"]`);
    await expect(row).toHaveAttribute('data-post-only', 'true', { timeout: 15_000 });
    await expect(row.getByTestId('open-order-type')).toHaveText('GTCPO');
    await row.getByTestId('open-order-amend').click();
    const dialog = page.getByTestId('amend-dialog');
    await expect(dialog.getByTestId('amend-post-only')).toBeChecked();
    await expect(dialog.getByTestId('amend-own-flag')).toHaveAttribute('data-post-only', 'true');
    await dialog.getByTestId('amend-size').fill('15');
    await expect(dialog.getByTestId('amend-changes')).toHaveText('Changes: size 10.00 → 15.00');
    await dialog.getByTestId('amend-submit').click();
    await expect(dialog.getByTestId('amend-result')).toHaveAttribute('data-state', 'amended', { timeout: 20_000 });
    await dialog.getByTestId('amend-close').click();
    await expect(row).toHaveAttribute('data-post-only', 'true', { timeout: 15_000 });
    await expect(row).toHaveCount(1);
    // Turning the flag off is a change of its own, said before it is sent.
    await row.getByTestId('open-order-amend').click();
    await dialog.getByTestId('amend-post-only').uncheck();
    await expect(dialog.getByTestId('amend-changes')).toHaveText('Changes: post-only on → off');
    await dialog.getByTestId('amend-submit').click();
    await expect(dialog.getByTestId('amend-result')).toHaveAttribute('data-state', 'amended', { timeout: 20_000 });
    await dialog.getByTestId('amend-close').click();
    await expect(row).toHaveAttribute('data-post-only', 'false', { timeout: 15_000 });
    await expect(row.getByTestId('open-order-type')).toHaveText('GTC');
  });

  await test.step('at 1024x700 the ladder shows at least 20 rows under its header, and no label in Trade is cut or wrapped', async () => {
    await page.getByTestId('ladder-recentre').click();
    const counted = await page.getByTestId('trade-ladder-wrap').evaluate((ladder) => {
      const box = ladder.getBoundingClientRect();
      const head = ladder.querySelector('.dl-head')!.getBoundingClientRect();
      const rows = [...ladder.querySelectorAll('[data-testid="ladder-level"]')].filter((row) => {
        const r = row.getBoundingClientRect();
        return r.top >= head.bottom - 0.5 && r.bottom <= box.bottom + 0.5;
      });
      return { rows: rows.length, headShown: head.top >= box.top - 0.5 && head.height > 0 };
    });
    expect(counted.headShown).toBe(true);
    expect(counted.rows).toBeGreaterThanOrEqual(20);
    await page.getByTestId('activity-tab-fills').click();
    const trade = page.getByTestId('view-trade');
    const labels = trade.locator('.trade-stats dt, .trade-stats dd, .badge, .tab, .segment, .pane-title, [role="columnheader"], .subpane-header, .dl-head > span, [data-testid="fill-row"] .num');
    expect(await cutOrWrapped(labels)).toEqual([]);
    await page.screenshot({ path: shot('trade-1024x700') });
    await page.getByTestId('trade-chart').screenshot({ path: shot('trade-chart') });
  });

  await test.step('at 1440x900 the open orders show their whole creation time, on either clock', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('activity-tab-orders').click();
    await page.getByTestId('open-orders-scope-all').click();
    const created = page.locator('[data-testid="open-order-row"] .num');
    await expect(created.first()).toBeVisible();
    expect(await cutOrWrapped(created)).toEqual([]);
    // …and the table fits its pane: Cancel is in view without scrolling sideways.
    const table = page.getByTestId('open-orders-table');
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    // …and Amend and Cancel fit their own column rather than spill past its edge.
    const actionsSpill = await page.locator('[data-testid="open-order-row"] .row-actions').first().evaluate((el) => {
      const cell = el.closest('[role="cell"]');
      return cell ? el.getBoundingClientRect().right - cell.getBoundingClientRect().right : Number.NaN;
    });
    expect(actionsSpill, 'Amend and Cancel fit their column').toBeLessThanOrEqual(0.5);
    // The same on the 12-hour clock, whose moments are the widest ("2026-11-28 12:05 PM").
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('pref-clock').selectOption('12h');
    await page.getByTestId('nav-trade').click();
    await page.getByTestId('activity-tab-orders').click();
    await page.getByTestId('open-orders-scope-all').click();
    await expect(page.locator('[data-testid="open-order-row"] .num[title]').first()).toHaveText(/ [AP]M$/);
    expect(await cutOrWrapped(created)).toEqual([]);
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth), 'the 12-hour table fits its pane').toBeLessThanOrEqual(1);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('pref-clock').selectOption('24h');
    await page.getByTestId('nav-trade').click();
    await page.setViewportSize({ width: 1024, height: 700 });
  });

  await test.step('ENDED: a warning in the ticket and in the confirmation before an order on a market past its end date', async () => {
    await openMarketPricedBetween(page, 0.2, 0.8, { tag: null, ended: true });
    const { grid, bid } = await readBook(page);
    const minimum = await page.getByTestId('trade-min-size').innerText();
    await fillTicket(page, { side: 'BUY', type: 'GTC', price: grid.text(bid - 10), size: minimum });
    const ticket = page.getByTestId('ticket');
    await expect(ticket.getByTestId('ticket-ended-warning')).toHaveText(/^Market ended\. This market’s end date \(\d{4}-\d{2}-\d{2}\) has passed: it waits to be resolved, and its outcome may already be known\.$/, { timeout: 15_000 });
    await ticket.getByTestId('ticket-send').click();
    const dialog = page.getByTestId('confirm-order-dialog');
    await expect(dialog.getByTestId('confirm-order-ended')).toContainText('has passed');
    await dialog.screenshot({ path: shot('ended-market-confirmation') });
    await dialog.getByTestId('confirm-order-cancel').click();
  });

  await test.step('Markets at 1024x700: every event row keeps its state, leading outcome and tag whole', async () => {
    await page.getByTestId('nav-markets').click();
    const rows = page.getByTestId('event-row');
    await expect(rows.first()).toBeVisible();
    expect(await cutOrWrapped(page.locator('.event-row-meta .badge, .event-row-leader, .event-row-category, .market-row .badge'))).toEqual([]);
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
