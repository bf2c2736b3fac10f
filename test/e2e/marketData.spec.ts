/**
 * A market's page (Markets → an event → a market) end to end against the sandbox's analytics
 * service: its open interest, its trades (newest first, older pages on "Load more") and the top
 * holders of each outcome, largest first; a holder's wallet opens read-only in Portfolio.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { dismissWelcome } from './support/analytics';
import { hostUrl } from './support/hostAddress';
import { waitForEventTotal } from './support/markets';
import { watchPageProblems } from './support/pageProblems';

const TRADES_SHOT = fileURLToPath(new URL('../../docs/screenshots/market-trades.png', import.meta.url));
const HOLDERS_SHOT = fileURLToPath(new URL('../../docs/screenshots/market-holders.png', import.meta.url));

const numberIn = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const count = async (table: Locator) => Number(await table.getAttribute('data-count'));

test('a market shows its open interest, its trades and the top holders of each outcome', async ({ page }) => {
  test.setTimeout(120_000);
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await dismissWelcome(page);
  await waitForEventTotal(page);
  await page.getByTestId('event-row').first().click();
  await page.getByTestId('market-row').first().click();
  const panel = page.getByTestId('market-data');
  await expect(panel).toBeVisible({ timeout: 20_000 });

  await test.step('open interest: shares and USD, with the time it was read', async () => {
    await expect(panel.getByTestId('market-oi')).toHaveAttribute('data-shares', /^\d+(\.\d+)?$/, { timeout: 30_000 });
    await expect(panel.getByTestId('market-oi-shares')).toHaveText(/^\d[\d,]*\.\d{2} sh$/);
    await expect(panel.getByTestId('market-oi-usd')).toHaveText(/^(\d[\d,]*\.\d{2} USD|—)$/);
    await expect(panel.getByTestId('market-oi')).toHaveAttribute('data-read-at', /^\d{13}$/);
    await expect(panel.getByTestId('market-data-refresh')).toHaveAttribute('title', /read at \d{1,2}:\d{2}:\d{2}/);
  });

  await test.step('trades: both outcomes, newest first, wallets, and older pages on Load more', async () => {
    const trades = panel.getByTestId('market-trades');
    await expect(trades).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    const table = panel.getByTestId('market-trades-table');
    await expect(panel.getByTestId('market-trade-row').first()).toBeVisible();
    const first = panel.getByTestId('market-trade-row').first();
    await expect(first).toHaveAttribute('data-side', /^(BUY|SELL)$/);
    await expect(first.locator('[role="cell"]').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Every row is an outcome of this market, named as its book is (unlabelled fills too).
    const outcomes = new Map(await page.getByTestId('order-book').evaluateAll((books) => books.map((b) => [b.getAttribute('data-token-id'), b.getAttribute('data-outcome')] as const)));
    for (const [token, outcome] of await panel.getByTestId('market-trade-row').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-token-id'), r.querySelectorAll('[role="cell"]')[2]?.textContent ?? ''] as const))) {
      expect(outcomes.has(token)).toBe(true);
      expect(outcome).toBe(outcomes.get(token));
    }
    // Newest first: the time column never goes up.
    const times = await panel.getByTestId('market-trade-row').evaluateAll((rows) => rows.map((r) => r.querySelector('[role="cell"]')?.textContent ?? ''));
    expect([...times].sort().reverse()).toEqual(times);
    const before = await count(table);
    expect(before).toBeGreaterThan(0);
    await expect(panel.getByTestId('market-trades-more')).toBeVisible();
    await panel.getByTestId('market-trades-more').click();
    await expect.poll(() => count(table), { timeout: 20_000 }).toBeGreaterThan(before);
    await page.screenshot({ path: TRADES_SHOT });
    expect(await table.evaluate((t) => t.scrollWidth - t.clientWidth), 'every column fits under the books').toBeLessThanOrEqual(0);
  });

  await test.step('top holders of each outcome, largest first; a wallet opens in Portfolio', async () => {
    await panel.getByTestId('market-data-tab-holders').click();
    const outcomes = panel.getByTestId('outcome-holders');
    await expect(outcomes).toHaveCount(2);
    await expect.poll(async () => (await outcomes.evaluateAll((lists) => lists.map((l) => Number(l.getAttribute('data-count'))))).reduce((a, b) => a + b, 0), { timeout: 30_000 }).toBeGreaterThan(0);
    for (const outcome of await outcomes.all()) {
      const shares = (await outcome.getByTestId('holder-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('[role="cell"]')[2]?.textContent ?? ''))).map(numberIn);
      for (let i = 1; i < shares.length; i += 1) expect(shares[i - 1]!).toBeGreaterThanOrEqual(shares[i]!);
    }
    await page.screenshot({ path: HOLDERS_SHOT });
    const wallet = panel.getByTestId('holder-wallet').first();
    const address = ((await wallet.getAttribute('title')) ?? '').split(' ')[0]!;
    await wallet.click();
    await expect(page.getByTestId('view-portfolio')).toBeVisible();
    await expect(page.getByTestId('portfolio-wallet-select')).toHaveValue(`address:${address.toLowerCase()}`);
  });

  expect(problems, 'no page errors and nothing blocked by the CSP').toEqual([]);
});
