/**
 * The Trade view's chart and market picker (issue 11): the price axis follows the current
 * market's tick, the last time label has room, Escape closes the picker from anywhere in it
 * (defect 8); volume bars, the account's fills as markers and its working orders as lines.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { hostUrl } from './support/hostAddress';
import { openMarketPricedBetween } from './support/markets';
import { watchPageProblems } from './support/pageProblems';
import { buyWithFok } from './support/analytics';
import { addKeyAccount, createCredentials, createVault, fillTicket, readBook, sendTicket } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const CHART_SHOT = fileURLToPath(new URL('../../docs/screenshots/chart.png', import.meta.url));
const CHART_SHOT_SMALL = fileURLToPath(new URL('../../docs/screenshots/chart-1024x700.png', import.meta.url));
const VAULT_PASSWORD = 'Harbor-Kettle-Quartz-93';

interface Traded {
  eventId: string;
  title: string;
  tokenId: string;
}

/** Markets → the first open market with this tick among the first events → Trade on its first outcome. */
async function tradeMarketWithTick(page: Page, tick: string): Promise<Traded> {
  await page.getByTestId('nav-markets').click();
  const events = page.getByTestId('event-row');
  await expect(events.first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 30; i += 1) {
    const event = events.nth(i);
    const eventId = (await event.getAttribute('data-event-id')) ?? '';
    await event.click();
    await expect(page.getByTestId('event-detail')).toHaveAttribute('data-event-id', eventId);
    const row = page.locator(`[data-testid="market-row"][data-tick="${tick}"][data-tradable="true"]`).first();
    if ((await row.count()) === 0) continue;
    const title = (await page.locator('.event-title').innerText()).trim();
    await row.click();
    await page.getByTestId('book-trade').first().click();
    await expect(page.getByTestId('view-trade')).toBeVisible();
    await expect(page.getByTestId('trade-tick')).toHaveText(tick, { timeout: 20_000 });
    return { eventId, title, tokenId: (await page.getByTestId('view-trade').getAttribute('data-token-id')) ?? '' };
  }
  throw new Error(`no open market with tick ${tick} among the first events`);
}

test('defect 8: the price axis follows the current market tick (0.01 after 0.001, switched in Trade)', async ({ page }) => {
  test.setTimeout(300_000);
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  const chart = page.getByTestId('trade-chart');
  const cent = await tradeMarketWithTick(page, '0.01');
  await tradeMarketWithTick(page, '0.001');
  await expect(chart).toHaveAttribute('data-precision', '3', { timeout: 20_000 });
  // Switch with the picker: the chart stays mounted, as when a trader flips between markets.
  await page.getByTestId('trade-picker-button').click();
  await page.getByTestId('trade-picker-search').fill(cent.title);
  const outcome = page.locator(`[data-testid="trade-picker-outcome"][data-token-id="${cent.tokenId}"]`);
  // The list is re-rendered when the debounced search answers: a click just before that can land
  // on the row that was under the pointer, another event. Open it again until its outcomes show.
  await expect(async () => {
    await page.locator(`[data-testid="trade-picker-event"][data-event-id="${cent.eventId}"]`).click();
    await expect(outcome).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await outcome.click();
  await expect(page.getByTestId('view-trade')).toHaveAttribute('data-token-id', cent.tokenId);
  await expect(page.getByTestId('trade-tick')).toHaveText('0.01', { timeout: 20_000 });
  // Before the fix the series kept the first market's three decimals.
  await expect(chart).toHaveAttribute('data-precision', '2', { timeout: 20_000 });
  await page.getByTestId('chart-mode-candles').click();
  await expect(chart).toHaveAttribute('data-mode', 'candles');
  await expect(chart).toHaveAttribute('data-precision', '2', { timeout: 20_000 });
  await page.getByTestId('chart-mode-line').click();
  expect(problems).toEqual([]);
});

test('defect 8: the last bar stands clear of the price axis, so its time label is not cut', async ({ page }) => {
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await openMarketPricedBetween(page, 0.05, 0.95);
  const chart = page.getByTestId('trade-chart');
  for (const mode of ['line', 'candles'] as const) {
    await page.getByTestId(`chart-mode-${mode}`).click();
    await expect(chart).toHaveAttribute('data-mode', mode);
    await expect(chart).toHaveAttribute('data-right-room', /^\d+$/, { timeout: 20_000 });
    expect(Number(await chart.getAttribute('data-right-room'))).toBeGreaterThanOrEqual(24);
  }
  await page.getByTestId('chart-mode-line').click();
  expect(problems).toEqual([]);
});

test('defect 8: Escape closes the market picker from the search box and from a result alike', async ({ page }) => {
  const { problems } = watchPageProblems(page);
  await page.goto(hostUrl());
  await openMarketPricedBetween(page, 0.05, 0.95);
  await page.getByTestId('trade-picker-button').click();
  await expect(page.getByTestId('trade-picker')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('trade-picker')).toHaveCount(0);
  await page.getByTestId('trade-picker-button').click();
  await page.getByTestId('trade-picker-event').first().click();
  await expect(page.getByTestId('trade-picker-outcome').first()).toBeVisible({ timeout: 20_000 });
  // The click left the focus on the event's button, out of the search box.
  await expect(page.getByTestId('trade-picker-event').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('trade-picker')).toHaveCount(0);
  expect(problems).toEqual([]);
});

const host = ownWebHost();

test('the chart shows volume, the account fills as markers and its working orders as lines', async ({ page }) => {
  test.setTimeout(240_000);
  const { problems } = watchPageProblems(page);
  const chart = page.getByTestId('trade-chart');
  await page.goto(host().url);
  await createVault(page, VAULT_PASSWORD);
  await addKeyAccount(page, 'Chart');
  await createCredentials(page);
  await tradeMarketWithTick(page, '0.01');
  const { grid, bid } = await readBook(page);

  const panel = page.getByTestId('balance-panel');
  await panel.getByTestId('faucet-amount').fill('500');
  await panel.getByTestId('faucet-submit').click();
  await expect(panel.getByTestId('balance-usd')).toHaveText(/^[1-9][\d,]*\.\d\d$/, { timeout: 20_000 });

  // A fill: buy five shares at the best ask with fill-or-kill (again if the simulated book moved away).
  await buyWithFok(page, 5);
  // A working order, well under the bid.
  await fillTicket(page, { side: 'BUY', type: 'GTC', price: grid.text(bid - 8), size: '10' });
  await expect(await sendTicket(page)).toHaveAttribute('data-success', 'true');

  await expect(chart).toHaveAttribute('data-order-lines', '1', { timeout: 20_000 });
  await page.getByTestId('chart-interval-1h').click();
  // The fill shows once the chart has a bar at its minute (at the latest on the next refresh).
  await expect(chart).toHaveAttribute('data-markers', /^[1-9]/, { timeout: 45_000 });
  await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/);
  await page.screenshot({ path: CHART_SHOT });
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(chart).toBeVisible();
  await page.screenshot({ path: CHART_SHOT_SMALL });
  expect(problems).toEqual([]);
});
