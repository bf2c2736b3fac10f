/**
 * Issue 20, item 2: every time, price and amount on screen follows Settings. One account with a
 * fill, a resting order, a fill alert and a waiting alert, a perps transfer to a second account,
 * and a synthetic history wallet looked up in Portfolio and Activity; then the display settings
 * are switched through four combinations that give each setting both values and meet every pair
 * of values (decimal/cents × 24h/12h × this computer's zone/Asia Kolkata, an L4 array), and
 * Trade (with a ticket warning and the amend dialog), Markets, Portfolio (open and closed),
 * Activity, Transfers, Perps, Alerts and Settings are read each time:
 *  - no time anywhere in an old shape ("Nov 28, 2026", "11-28 6:44 AM"), every time of day on
 *    the clock chosen, every table's time column a moment "2026-11-28 14:05" in that clock;
 *  - every price column and price figure in the chosen style, decimals or cents;
 *  - the same rows read again show the same moment moved into the chosen zone and clock, and the
 *    same price in the chosen style (worked out here with Intl, not by the app's format module);
 *  - transfer amounts read to the cent.
 * The browser runs in UTC, so "this computer's zone" is UTC. Its own host (a fresh vault).
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { dismissWelcome, fundActive, HISTORY_WALLETS, lookUp, openTradableMarket, setUpTrader } from './support/analytics';
import { clockShape, expectedMoment, expectedPrice, OLD_SHAPES, priceShape, readView, timeCellOk, timesIn, type DisplayCombo, type ShownView } from './support/formats';
import { watchPageProblems } from './support/pageProblems';
import { createProxyFor, equityIn, fundPerps, pickAccount } from './support/perps';
import { addKeyAccount, fillTicket, ladderSide, numberIn, readBook, sendTicket, switchAccount } from './support/trade';
import { ownWebHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/formats-cents-12h.png', import.meta.url));
const PASSWORD = 'Saffron-Kettle-Harbor-73';
const WALLET = HISTORY_WALLETS.tiny;
const MOVED = '20.5';

const COMBOS: readonly DisplayCombo[] = [
  { priceStyle: 'decimal', clock: '24h', zone: '' },
  { priceStyle: 'cents', clock: '12h', zone: '' },
  { priceStyle: 'decimal', clock: '12h', zone: 'Asia/Kolkata' },
  { priceStyle: 'cents', clock: '24h', zone: 'Asia/Kolkata' },
];

const host = ownWebHost();
test.use({ timezoneId: 'UTC', actionTimeout: 30_000 });

async function applySettings(page: Page, combo: DisplayCombo): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('pref-price-style').selectOption(combo.priceStyle);
  await page.getByTestId('pref-clock').selectOption(combo.clock);
  const zone = page.getByTestId('pref-time-zone');
  if ((await zone.inputValue()) !== combo.zone) {
    await zone.fill(combo.zone);
    await zone.press('Enter');
  }
  await expect(page.getByTestId('pref-zone-error')).toHaveCount(0);
  await expect(page.getByTestId('pref-price-style')).toHaveValue(combo.priceStyle);
  await expect(page.getByTestId('pref-clock')).toHaveValue(combo.clock);
}

/** What the views showed under the first combination, by table, row and column. */
type BaseReading = Map<string, string>;
const cellKey = (cell: { table: string; row: string; column: string }) => `${cell.table}|${cell.row}|${cell.column}`;

/** Every check of one view's reading under `combo`; the first combination's keyed cells are kept. */
function checkReading(where: string, shown: ShownView, combo: DisplayCombo, base: BaseReading, first: boolean): void {
  const say = (what: string) => `${where} (${combo.priceStyle}, ${combo.clock}, ${combo.zone || 'UTC'}): ${what}`;
  for (const cell of shown.cells) {
    const label = say(`${cell.table} · ${cell.column} "${cell.text}"`);
    if (cell.kind === 'time') expect(timeCellOk(cell.text, combo.clock), label).toBe(true);
    if (cell.kind === 'day') expect(cell.text, label).toMatch(/^(—|\d{4}-\d{2}-\d{2})$/);
    if (cell.kind === 'price') expect(cell.text, label).toMatch(priceShape(combo.priceStyle));
    if (cell.row === '') continue;
    if (first) base.set(cellKey(cell), cell.text);
    const before = base.get(cellKey(cell));
    if (before === undefined) continue;
    const moment = cell.kind === 'time' ? expectedMoment(before, combo) : null;
    if (moment !== null) expect(cell.text, label).toBe(moment);
    // A position's current price lives and its average moves with each buy below; every other
    // price column is what was traded or asked.
    if (cell.kind === 'price' && cell.table !== 'Open positions') expect(cell.text, label).toBe(expectedPrice(before, combo));
  }
  for (const text of shown.prices) expect(text, say(`a price "${text}"`)).toMatch(priceShape(combo.priceStyle));
  for (const text of shown.figures) {
    for (const [name, shape] of OLD_SHAPES) expect(text, say(`no ${name}`)).not.toMatch(shape);
    for (const time of timesIn(text)) expect(time, say(`a time in "${text.slice(0, 120)}"`)).toMatch(clockShape(combo.clock));
    if (combo.priceStyle === 'decimal') expect(text, say('no cents in decimal style')).not.toContain('¢');
  }
}

/** A price in the confirmation and the toast, as the chosen style writes it. */
const CONFIRM_PRICE = { decimal: /Limit price\s*0\.\d+/, cents: /Limit price\s*\d+(\.\d+)?¢/ };

/**
 * Buys the market's minimum with a fill-or-kill order at an ask level deep enough, reading the
 * page's confirmation while it is open and the fill's toast once it shows. The book moves: an
 * order the book no longer fills is tried again at the new levels.
 */
async function buyReadingConfirmationAndToast(page: Page): Promise<{ confirmation: ShownView; toast: ShownView }> {
  const shares = Math.ceil(numberIn(await page.getByTestId('trade-min-size').innerText()));
  const style = (await page.getByTestId('trade-best-bid').innerText()).endsWith('¢') ? 'cents' : 'decimal';
  let confirmation: ShownView | null = null;
  await expect(async () => {
    const asks = (await ladderSide(page, 'ask')).reverse(); // best first
    const level = asks.find((ask) => ask.total >= shares * 1.5) ?? asks[asks.length - 1];
    await page.locator(`[data-testid="ladder-level"][data-side="ask"][data-price="${level?.price}"]`).click({ timeout: 5_000 });
    await fillTicket(page, { side: 'BUY', type: 'FOK', size: String(shares) });
    const ticket = page.getByTestId('ticket');
    const seq = Number(await ticket.getByTestId('ticket-outcome').getAttribute('data-seq'));
    await expect(ticket.getByTestId('ticket-send')).toBeEnabled({ timeout: 15_000 });
    await ticket.getByTestId('ticket-send').click();
    const dialog = page.getByTestId('confirm-order-dialog');
    await expect(dialog.getByTestId('confirm-order-summary')).toContainText(CONFIRM_PRICE[style], { timeout: 15_000 });
    confirmation = await readView(page);
    await dialog.getByTestId('confirm-order-submit').click();
    const answered = page.locator(`[data-testid="ticket-outcome"][data-seq="${seq + 1}"]`);
    // A fill-or-kill the moving book no longer fills is tried again at once, not waited on.
    await expect(answered.getByTestId('ticket-result')).toHaveAttribute('data-success', /^(true|false)$/, { timeout: 60_000 });
    expect(await answered.getByTestId('ticket-result').getAttribute('data-success'), 'the fill-or-kill order filled').toBe('true');
  }).toPass({ timeout: 180_000 });
  // A toast leaves after 8 s: its words are read at once, the rest of the page is read already.
  const toast = page.getByTestId('fill-toast').first();
  await expect(toast).toContainText(style === 'cents' ? /^Filled BUY [\d,]+\.\d{2} .+ @ \d+(\.\d+)?¢/ : /^Filled BUY [\d,]+\.\d{2} .+ @ 0\.\d+/, { timeout: 30_000 });
  const toastText = await toast.innerText({ timeout: 2_000 }).catch(() => null);
  return { confirmation: confirmation!, toast: { cells: [], prices: [], figures: toastText === null ? [] : [toastText] } };
}

async function walk(page: Page, combo: DisplayCombo, base: BaseReading, first: boolean): Promise<void> {
  const check = async (where: string) => checkReading(where, await readView(page), combo, base, first);
  const cents = combo.priceStyle === 'cents';

  await test.step(`Trade (${combo.priceStyle}, ${combo.clock}, ${combo.zone || 'UTC'})`, async () => {
    await page.getByTestId('nav-trade').click();
    await expect(page.getByTestId('ladder-level').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('trade-best-bid')).toHaveText(cents ? /¢$/ : /^0\.\d+$/, { timeout: 20_000 });
    await expect(page.getByTestId('tape-row').first()).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('activity-tab-orders').click();
    await expect(page.getByTestId('open-order-row').first()).toBeVisible({ timeout: 20_000 });
    await check('Trade · open orders');
    await page.getByTestId('activity-tab-trades').click();
    await expect(page.getByTestId('account-trade-row').first()).toBeVisible({ timeout: 20_000 });
    await check('Trade · trades');
    await page.getByTestId('activity-tab-fills').click();
    await expect(page.getByTestId('fill-row').first()).toBeVisible({ timeout: 20_000 });
    await check('Trade · fills');
    // A warning main writes with a price in it: the tick size, in the chosen style.
    const ticket = page.getByTestId('ticket');
    await fillTicket(page, { side: 'BUY', type: 'GTC', price: '0.50005', size: '5' });
    await expect(ticket.getByTestId('ticket-problem').filter({ hasText: 'multiple of the tick size' })).toContainText(cents ? /tick size \d+(\.\d+)?¢\./ : /tick size 0\.\d+\./, { timeout: 15_000 });
    await check('Trade · ticket warning');
    await page.getByTestId('activity-tab-orders').click();
    await page.getByTestId('open-order-amend').first().click();
    await expect(page.getByTestId('amend-current')).toContainText(cents ? /at \d+(\.\d+)?¢/ : /at 0\.\d+/);
    await check('Trade · amend dialog');
    if (combo.priceStyle === 'cents' && combo.clock === '12h') await page.screenshot({ path: SHOT });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('amend-current')).toHaveCount(0);
    // The order's confirmation, its answer and the fill's toast, in this combination's style.
    const { confirmation, toast } = await buyReadingConfirmationAndToast(page);
    checkReading('Trade · order confirmation', confirmation, combo, base, first);
    checkReading('Trade · fill toast', toast, combo, base, first);
  });

  await test.step('Markets', async () => {
    await page.getByTestId('nav-markets').click();
    await page.getByTestId('event-row').first().click();
    await expect(page.getByTestId('market-row').first()).toBeVisible({ timeout: 20_000 });
    await check('Markets');
  });

  await test.step('Portfolio', async () => {
    await page.getByTestId('nav-portfolio').click();
    await expect(page.getByTestId('position-row').first()).toBeVisible({ timeout: 30_000 });
    await check('Portfolio · open');
    await page.getByTestId('portfolio-tab-closed').click();
    await expect(page.getByRole('table', { name: 'Closed positions' }).getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    await check('Portfolio · closed');
    await page.getByTestId('portfolio-tab-open').click();
  });

  await test.step('Activity', async () => {
    await page.getByTestId('nav-activity').click();
    await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 30_000 });
    await check('Activity');
  });

  await test.step('Transfers', async () => {
    await page.getByTestId('nav-transfers').click();
    await expect(page.getByTestId('transfer-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('transfer-amount').first()).toHaveText(/^[+−][\d,]+\.\d{2,}$/);
    await check('Transfers');
  });

  await test.step('Perps', async () => {
    await page.getByTestId('nav-perps').click();
    await expect(page.getByTestId('perps-tape-row').first()).toBeVisible({ timeout: 30_000 });
    await check('Perps');
  });

  await test.step('Alerts', async () => {
    await page.getByTestId('nav-alerts').click();
    await expect(page.getByTestId('alerts-log-row').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('alerts-waiting-row').first()).toBeVisible();
    await expect(page.getByTestId('alerts-log-row').first()).toContainText(cents ? /at \d+(\.\d+)?¢\./ : /at 0\.\d+\./);
    await check('Alerts');
  });

  await test.step('Settings', async () => {
    await page.getByTestId('nav-settings').click();
    await check('Settings');
  });
}

test('every time, price and amount follows the display settings on every view', async ({ page }) => {
  test.setTimeout(900_000);
  const { problems } = watchPageProblems(page);
  await page.goto(host().url);
  await dismissWelcome(page);

  await test.step('an account with a fill, a resting order and alerts', async () => {
    await setUpTrader(page, PASSWORD, 'Alpha');
    await openTradableMarket(page);
    await fundActive(page, '1000');
    await buyReadingConfirmationAndToast(page);
    const book = await readBook(page);
    const size = (await page.getByTestId('trade-min-size').innerText()).trim();
    // Far under the bid, so the wandering market does not fill it before the views are read.
    await fillTicket(page, { side: 'BUY', type: 'GTC', price: book.grid.text(Math.floor(book.bid / 3)), size });
    await expect(await sendTicket(page)).toHaveAttribute('data-success', 'true');
    const card = page.getByTestId('alert-card');
    await card.getByTestId('alert-toggle').click();
    await card.getByTestId('alert-direction').selectOption('below');
    await card.getByTestId('alert-price').fill('0.001');
    await card.getByTestId('alert-create').click();
    await expect(card.getByTestId('alert-item')).toHaveCount(1);
  });

  await test.step('a perps transfer to a second account', async () => {
    await addKeyAccount(page, 'Beta');
    await createProxyFor(page, 'Alpha');
    await createProxyFor(page, 'Beta');
    await switchAccount(page, 'Alpha');
    await fundPerps(page, 'Alpha', '100');
    await page.getByTestId('nav-transfers').click();
    await pickAccount(page, 'transfers-account', 'Alpha');
    await expect.poll(() => equityIn(page, 'transfer-equity'), { timeout: 120_000, intervals: [2_000] }).toBeGreaterThanOrEqual(99.99);
    const form = page.getByTestId('transfer-send-form');
    await form.getByTestId('transfer-amount-input').fill(MOVED);
    await form.getByTestId('transfer-preview').click();
    const dialog = page.getByTestId('transfer-confirm-dialog');
    await expect(dialog.getByTestId('transfer-confirm-amount')).toContainText('20.50 USDC', { timeout: 20_000 });
    await dialog.getByTestId('transfer-send').click();
    await expect(dialog.getByTestId('transfer-result')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('transfer-sync-button')).toBeEnabled({ timeout: 30_000 });
    await page.getByTestId('transfer-sync-button').click();
    await expect(page.getByTestId('transfer-amount').first()).toHaveText('−20.50', { timeout: 30_000 });
  });

  await test.step('a history wallet looked up in Portfolio and Activity', async () => {
    await page.getByTestId('nav-portfolio').click();
    await lookUp(page, 'portfolio-wallet', WALLET);
    await page.getByTestId('nav-activity').click();
    await lookUp(page, 'activity-wallet', WALLET);
    const sync = page.getByTestId('activity-sync');
    await expect(page.getByTestId('activity-sync-button')).toBeEnabled({ timeout: 30_000 });
    if ((await sync.getAttribute('data-complete')) !== 'true') await page.getByTestId('activity-sync-button').click();
    await expect(sync).toHaveAttribute('data-complete', 'true', { timeout: 120_000 });
  });

  const base: BaseReading = new Map();
  for (const [index, combo] of COMBOS.entries()) {
    await applySettings(page, combo);
    await walk(page, combo, base, index === 0);
  }
  expect(base.size, 'rows were read once and compared in every combination').toBeGreaterThan(20);
  await applySettings(page, COMBOS[0]!);
  expect(problems).toEqual([]);
});
