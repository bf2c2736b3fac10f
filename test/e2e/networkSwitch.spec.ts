/**
 * Issue 13, switching networks without a restart: an order rests on the embedded sandbox; the
 * title bar's switcher moves to a second sandbox this test starts and stores as a remote profile
 * (written into the host's settings file before it starts), after a dialog that lists the resting
 * order. There the same account derives credentials of that network (its sandbox credentials stay
 * the sandbox's), places and cancels an order under the live guardrails; back on the sandbox, its
 * sandbox credentials still read the resting order. Its own web host: the shared one stays on the sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox/start';
import { addProfilesToSettingsFile, remoteSandboxProfile } from '../integration/core/remoteSandboxProfile';
import { openMarketPricedBetween } from './support/markets';
import { watchPageProblems } from './support/pageProblems';
import { addKeyAccount, createCredentials, createVault, fillTicket, numberIn, readNumber, sendTicket } from './support/trade';
import { startWebHostProcess, type RunningHost } from './support/webHostProcess';

const VAULT_PASSWORD = 'Harbor-Lantern-Quartz-82';
const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

let remote: Awaited<ReturnType<typeof startSandbox>> | undefined;
let host: RunningHost | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  remote = await startSandbox({ seed: 11, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-switch-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('staging', 'Staging', remote.urls)]);
  host = await startWebHostProcess({ dataDir });
});

test.afterAll(async () => {
  await host?.stop();
  await remote?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Places a far bid (it rests) through the ticket and returns its order id. */
async function restFarBid(page: Page): Promise<string> {
  await fillTicket(page, { side: 'BUY', type: 'GTC', price: '0.01', size: '20' });
  const result = await sendTicket(page);
  await expect(result).toHaveAttribute('data-success', 'true');
  await expect(result).toHaveAttribute('data-status', /live/i);
  return (await result.getByTestId('ticket-result-order-id').getAttribute('data-order-id')) ?? '';
}

/** The sandbox's loopback faucet (its admin route), for a network where the app offers none. */
async function creditOnRemote(address: string, amount: string): Promise<void> {
  const answer = await fetch(`${remote!.urls.clob}/sandbox/faucet`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, amount }),
  });
  expect(answer.status).toBe(200);
}

async function openOrderRow(page: Page, orderId: string) {
  await page.getByTestId('activity-tab-orders').click();
  await page.getByTestId('open-orders-scope-all').click();
  return page.locator(`[data-testid="open-order-row"][data-order-id="${orderId}"]`);
}

async function pickNetwork(page: Page, networkId: string) {
  await page.getByTestId('network-switcher').click();
  await page.locator(`[data-testid="network-switcher-option"][data-network-id="${networkId}"]`).click();
}

test('switches to another network and back without a restart; the sandbox keeps its resting order', async ({ page }) => {
  test.setTimeout(240_000);
  const { problems } = watchPageProblems(page);
  const switcher = page.getByTestId('network-switcher');
  let sandboxOrder = '';
  let sandboxKeyHint = '';

  await test.step('rest an order on the embedded sandbox', async () => {
    await page.goto(host!.url);
    await expect(switcher).toHaveAttribute('data-network-id', 'sandbox', { timeout: 30_000 });
    await createVault(page, VAULT_PASSWORD);
    await addKeyAccount(page, 'Sandbox maker');
    await openMarketPricedBetween(page, 0.3, 0.7);
    const panel = page.getByTestId('balance-panel');
    await panel.getByTestId('faucet-amount').fill('500');
    await panel.getByTestId('faucet-submit').click();
    await expect.poll(() => readNumber(panel.getByTestId('balance-usd')), { timeout: 20_000 }).toBeGreaterThanOrEqual(500);
    sandboxOrder = await restFarBid(page);
    await expect(await openOrderRow(page, sandboxOrder)).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('nav-accounts').click();
    sandboxKeyHint = await page.getByTestId('clob-api-key-hint').innerText();
    await page.getByTestId('nav-trade').click();
  });

  await test.step('the switcher lists the networks; picking one asks first, naming the resting order', async () => {
    await switcher.click();
    const menu = page.getByTestId('network-switcher-menu');
    await expect(menu.getByTestId('network-switcher-option')).toHaveText([/Sandbox/, /Staging/]);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('network-switcher-menu') });
    await menu.locator('[data-network-id="staging"]').click();
    const dialog = page.getByTestId('network-switch-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('network-switch-orders')).toContainText('Sandbox maker: 1 open order');
    await expect(dialog.getByTestId('network-switch-orders')).toContainText('Switching does not cancel them');
    await page.screenshot({ path: shot('network-switch-confirm') });
    await dialog.getByTestId('network-switch-confirm').click();
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
    await expect(switcher).toHaveAttribute('data-network-id', 'staging');
    await expect(switcher).toContainText('Staging');
  });

  await test.step('on the other network: the same account derives its credentials there, places and cancels an order', async () => {
    // The sandbox's credentials are not this network's: the account starts without any here.
    await page.getByTestId('nav-accounts').click();
    await expect(page.getByTestId('clob-panel').getByTestId('clob-none')).toBeVisible({ timeout: 15_000 });
    await createCredentials(page);
    await expect(page.getByTestId('clob-api-key-hint')).not.toHaveText(sandboxKeyHint);
    const address = (await page.getByTestId('titlebar-account-address').getAttribute('title')) ?? '';
    // No faucet in the app off the sandbox: the test credits the other sandbox directly.
    await creditOnRemote(address, '300');
    await openMarketPricedBetween(page, 0.3, 0.7);
    await expect(page.getByTestId('balance-panel').getByTestId('faucet')).toHaveCount(0);
    await expect.poll(async () => numberIn((await page.getByTestId('balance-usd').innerText()).replace('—', '0')), { timeout: 20_000 }).toBeGreaterThanOrEqual(300);
    const order = await restFarBid(page);
    const row = await openOrderRow(page, order);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('network-switch-remote') });
    await row.getByTestId('open-order-cancel').click();
    await expect(row).toHaveCount(0, { timeout: 15_000 });
  });

  await test.step('back to the sandbox at once (nothing rests or runs): its order is still there', async () => {
    await pickNetwork(page, 'sandbox');
    await expect(switcher).toHaveAttribute('data-network-id', 'sandbox', { timeout: 30_000 });
    await expect(page.getByTestId('network-switch-dialog')).toHaveCount(0);
    await page.getByTestId('nav-accounts').click();
    await expect(page.getByTestId('clob-api-key-hint')).toHaveText(sandboxKeyHint, { timeout: 15_000 });
    await openMarketPricedBetween(page, 0.3, 0.7);
    await expect(await openOrderRow(page, sandboxOrder)).toBeVisible({ timeout: 15_000 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot('network-switch-back') });
    // The title bar at the narrowest supported window: switcher, badge and account side by side.
    await page.setViewportSize({ width: 1024, height: 700 });
    await switcher.click();
    await expect(page.getByTestId('network-switcher-menu')).toBeVisible();
    await page.screenshot({ path: shot('network-switcher-narrow') });
    await page.keyboard.press('Escape');
  });

  expect(problems).toEqual([]);
});
