/**
 * Live-money guardrails (issues 13 and 19): a host of its own is put on a "live" network (a custom
 * network in its settings, pointing at a second sandbox this test starts, so the app treats it as
 * a real deployment). The title bar and the ticket say LIVE with the network's name, no faucet and
 * no sandbox controls show. Credentials, the first order (explained once), every order while
 * "Confirm orders" is on, and switching confirmations off are asked about by main on a page of its
 * own origin, which the app's page can open but not answer; the person answers there.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox/start';
import { PUBLIC_CHAIN_137_CONTRACTS } from '../../src/shared/orders/orderSchema';
import { openMarketPricedBetween } from './support/markets';
import { answerMainsQuestion, answerNextQuestion, openMainsQuestion } from './support/mainsQuestion';
import { watchPageProblems } from './support/pageProblems';
import { startWebHostProcess, type RunningHost } from './support/webHostProcess';

const VAULT_PASSWORD = 'Magenta-Ledger-Harbour-71';
const ACCOUNT = 'Desk live';
const NETWORK = 'Staging';
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
let host: RunningHost | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-live-'));
  const customNetwork = { label: NETWORK, ...sandbox.urls, chainId: 137 };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ network: 'custom', customNetwork }), { mode: 0o600 });
  host = await startWebHostProcess({ dataDir });
});

test.afterAll(async () => {
  await host?.stop();
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The deployment's operator credits the account (the app's faucet refuses off the sandbox). */
async function fundFromOperator(address: string): Promise<void> {
  const answer = await fetch(`${sandbox!.urls.clob}/sandbox/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount: '500' }),
  });
  expect(answer.ok).toBe(true);
}

async function fillRestingBuy(page: Page): Promise<void> {
  const ticket = page.getByTestId('ticket');
  await ticket.getByTestId('ticket-side-buy').click();
  await ticket.getByTestId('ticket-type-GTC').click();
  await ticket.getByTestId('ticket-price').fill('0.01');
  await ticket.getByTestId('ticket-size').fill('10');
  await expect(ticket.getByTestId('ticket-send')).toBeEnabled({ timeout: 20_000 });
}

test('on a live network the app says so, hides the paper tools and explains the first order once', async ({ page }) => {
  test.setTimeout(240_000);
  const { problems } = watchPageProblems(page);
  const ticket = page.getByTestId('ticket');
  const titleBadge = page.getByTestId('titlebar-network-badge');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host!.url);
  await expect(titleBadge).toHaveText(`LIVE · ${NETWORK}`, { timeout: 30_000 });
  await expect(titleBadge).toHaveAttribute('data-live', 'true');
  await page.getByTestId('welcome-create-vault').click();
  await page.getByTestId('create-vault-password').fill(VAULT_PASSWORD);
  await page.getByTestId('create-vault-confirm').fill(VAULT_PASSWORD);
  await page.getByTestId('create-vault-submit').click();
  await expect(page.getByTestId('titlebar-lock')).toHaveAttribute('data-state', 'unlocked', { timeout: 30_000 });

  await test.step('an account with order-book credentials, funded by the operator', async () => {
    // Not an ended market: there even pro mode confirms (desk truths), and this spec shows pro mode's one click.
    await openMarketPricedBetween(page, 0.05, 0.95, { ended: false });
    const blocked = ticket.getByTestId('ticket-blocked');
    await blocked.getByTestId('ticket-blocked-create-account-label').fill(ACCOUNT);
    await blocked.getByTestId('ticket-blocked-create-account-submit').click();
    await expect(blocked).toHaveAttribute('data-kind', 'no_credentials', { timeout: 20_000 });
    await blocked.getByTestId('credentials-create').click();
    // The L1 signature would let whoever receives it derive the keys: main names the host first.
    const question = await openMainsQuestion(page);
    await expect(question.getByTestId('confirmation-title')).toHaveText(`Create or derive order-book credentials at ${new URL(sandbox!.urls.clob).origin}`);
    await expect(question.getByTestId('confirmation-facts')).toContainText('whoever receives it');
    await question.screenshot({ path: shot('confirmation-credentials-host'), fullPage: true });
    await answerMainsQuestion(question, 'confirm');
    await expect(ticket.getByTestId('ticket-blocked')).toHaveCount(0, { timeout: 30_000 });
    const registry = JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8')) as { accounts: Array<{ label: string; address: string }> };
    await fundFromOperator(registry.accounts.find((a) => a.label === ACCOUNT)!.address);
    await page.getByTestId('balance-refresh').click();
    await expect(page.getByTestId('balance-usd-available')).toHaveText('500.00', { timeout: 20_000 });
  });

  await test.step('LIVE on the ticket, and no faucet or sandbox controls anywhere', async () => {
    await expect(page.getByTestId('ticket-network-badge')).toHaveText(`LIVE · ${NETWORK}`);
    await expect(page.getByTestId('balance-panel').getByTestId('faucet')).toHaveCount(0);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('live-network-trade') });
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-display')).toBeVisible();
    await expect(page.getByTestId('settings-sandbox')).toHaveCount(0);
    await page.getByTestId('nav-trade').click();
    await expect(ticket).toBeVisible();
  });

  await test.step('the first order is explained and confirmed on main’s own page, which the app cannot answer', async () => {
    await fillRestingBuy(page);
    await ticket.getByTestId('ticket-send').click();
    // No summary of the page's own: main asks, the page points there.
    await expect(page.getByTestId('confirm-order-dialog')).toHaveCount(0);
    const waiting = page.getByTestId('confirmation-pending');
    await expect(waiting).toBeVisible({ timeout: 20_000 });
    await expect(waiting.getByTestId('confirmation-pending-title')).toHaveText(`Send this buy order on ${NETWORK}`);
    await page.screenshot({ path: shot('confirmation-pending') });
    const question = await openMainsQuestion(page);
    const facts = question.getByTestId('confirmation-facts');
    await expect(facts).toContainText(`Your first order on ${NETWORK}`);
    await expect(facts).toContainText(`exchange contract ${PUBLIC_CHAIN_137_CONTRACTS.exchange}`);
    await expect(facts).toContainText(/BUY 10\.00 shares at 0\.010? \(GTC\): pays up to \$0\.10 for 10\.00 shares/);
    await expect(facts).toContainText(`LIVE · ${NETWORK} (real money)`);
    await expect(facts).toContainText(new URL(sandbox!.urls.clob).origin);
    await question.setViewportSize({ width: 900, height: 900 });
    await question.screenshot({ path: shot('confirmation-page'), fullPage: true });
    await answerMainsQuestion(question, 'confirm');
    await expect(ticket.getByTestId('ticket-result')).toHaveAttribute('data-success', 'true', { timeout: 20_000 });
  });

  await test.step('every later order is asked about too, without the explanation; a “no” there or in the app sends nothing', async () => {
    for (const reload of [false, true]) {
      if (reload) {
        await page.reload();
        await expect(titleBadge).toHaveText(`LIVE · ${NETWORK}`, { timeout: 30_000 });
        await expect(ticket).toBeVisible({ timeout: 30_000 });
      }
      await fillRestingBuy(page);
      await ticket.getByTestId('ticket-send').click();
      const question = await openMainsQuestion(page);
      await expect(question.getByTestId('confirmation-facts')).not.toContainText('First time here');
      await answerMainsQuestion(question, 'decline');
      await expect(ticket.getByTestId('ticket-error')).toContainText('You declined it. Nothing was signed or sent.', { timeout: 20_000 });
    }
    // The app's own "Cancel" declines too (reducing risk is one click).
    await fillRestingBuy(page);
    await ticket.getByTestId('ticket-send').click();
    await page.getByTestId('confirmation-pending').getByTestId('confirmation-pending-cancel').click();
    await expect(ticket.getByTestId('ticket-error')).toContainText('You declined it.', { timeout: 20_000 });
    await expect(page.getByTestId('open-order-row')).toHaveCount(1);
  });

  await test.step('pro mode on the live network is asked on main’s page, naming the network', async () => {
    const confirmSwitch = page.getByTestId('trade-confirm-orders');
    await expect(confirmSwitch).toBeChecked();
    await expect(page.getByTestId('trade-confirm-orders-help')).toContainText('Marketdesk asks you in a window or page of its own');
    await expect(page.getByTestId('trade-confirm-orders-help')).toContainText(`on ${NETWORK}; each network has its own setting`);
    await confirmSwitch.click({ force: true });
    await answerNextQuestion(page, 'decline', [`LIVE · ${NETWORK}`, 'the risk limits still apply']);
    await expect(confirmSwitch).toBeChecked();
    await confirmSwitch.click({ force: true });
    await answerNextQuestion(page, 'confirm');
    await expect(confirmSwitch).not.toBeChecked();
    // Pro mode: the order goes at once, no question.
    await fillRestingBuy(page);
    await ticket.getByTestId('ticket-send').click();
    await expect(ticket.getByTestId('ticket-result')).toHaveAttribute('data-success', 'true', { timeout: 20_000 });
    await expect(page.getByTestId('confirmation-pending')).toHaveCount(0);
    // Back on: one click, nothing asked.
    await confirmSwitch.click({ force: true });
    await expect(confirmSwitch).toBeChecked();
    await expect(page.getByTestId('confirmation-pending')).toHaveCount(0);
  });

  await test.step('cancel all names the network and goes at once: reducing risk is never held back', async () => {
    await page.getByTestId('cancel-all').click();
    const dialog = page.getByTestId('cancel-all-dialog');
    await expect(dialog.getByTestId('cancel-all-dialog-network')).toHaveText(`LIVE · ${NETWORK}`);
    await expect(dialog.getByTestId('cancel-all-dialog-scope')).toContainText(`Every open order of ${ACCOUNT} on ${NETWORK} in every market`);
    await dialog.getByTestId('cancel-all-dialog-submit').click();
    await expect(page.getByTestId('confirmation-pending')).toHaveCount(0);
    await expect(dialog).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('open-order-row')).toHaveCount(0, { timeout: 20_000 });
  });

  await test.step('the title bar at 1024x700', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(titleBadge).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('live-network-titlebar-1024'), clip: { x: 0, y: 0, width: 1024, height: 120 } });
    await page.screenshot({ path: shot('live-network-trade-1024') });
  });
  expect(problems).toEqual([]);
});
