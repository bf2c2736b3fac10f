/**
 * Issue 11, a new user without hidden steps, off the sandbox: on any other network creating
 * order-book credentials stays the user's decision, and the ticket offers it in place — a
 * button that signs for them with the account's key, then one line saying they are ready —
 * instead of sending the user to Accounts. The "other network" is a custom network (settings)
 * pointing at a sandbox this test starts, so the app treats it as a real deployment, and main
 * asks on its own page (naming the host) before it signs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startSandbox } from '../../src/sandbox/start';
import { answerNextQuestion } from './support/mainsQuestion';
import { openMarketPricedBetween } from './support/markets';
import { watchPageProblems } from './support/pageProblems';
import { startWebHostProcess, type RunningHost } from './support/webHostProcess';

const VAULT_PASSWORD = 'Saffron-Ledger-Mosaic-44';
const ACCOUNT = 'Staging key';
const SHOT = fileURLToPath(new URL('../../docs/screenshots/credentials-inline.png', import.meta.url));
const OFFER_SHOT = fileURLToPath(new URL('../../docs/screenshots/credentials-inline-offer.png', import.meta.url));

let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
let host: RunningHost | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-custom-'));
  const customNetwork = { label: 'Staging', ...sandbox.urls, chainId: 137 };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ network: 'custom', customNetwork }), { mode: 0o600 });
  host = await startWebHostProcess({ dataDir });
});

test.afterAll(async () => {
  await host?.stop();
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('off the sandbox the ticket offers order-book credentials in place', async ({ page }) => {
  test.setTimeout(180_000);
  const { problems } = watchPageProblems(page);
  const ticket = page.getByTestId('ticket');

  await page.goto(host!.url);
  await expect(page.getByTestId('titlebar-account-label').or(page.getByTestId('welcome-banner')).first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('welcome-create-vault').click();
  await page.getByTestId('create-vault-password').fill(VAULT_PASSWORD);
  await page.getByTestId('create-vault-confirm').fill(VAULT_PASSWORD);
  await page.getByTestId('create-vault-submit').click();
  await expect(page.getByTestId('titlebar-lock')).toHaveAttribute('data-state', 'unlocked', { timeout: 30_000 });

  await openMarketPricedBetween(page, 0.05, 0.95);
  const blocked = ticket.getByTestId('ticket-blocked');
  await blocked.getByTestId('ticket-blocked-create-account-label').fill(ACCOUNT);
  await blocked.getByTestId('ticket-blocked-create-account-submit').click();

  // Not created by themselves here: the ticket says what is missing and offers the step.
  await expect(blocked).toHaveAttribute('data-kind', 'no_credentials', { timeout: 20_000 });
  await expect(blocked.getByTestId('ticket-blocked-reason')).toHaveText(`“${ACCOUNT}” needs order-book credentials to trade.`);
  await expect(page.getByTestId('balance-panel').getByTestId('faucet')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: OFFER_SHOT });
  await blocked.getByTestId('credentials-create').click();
  // Main asks on its own page first, naming the host that will receive the signature.
  await answerNextQuestion(page, 'confirm', [new URL(sandbox!.urls.clob).host]);

  const note = ticket.getByTestId('credentials-created-note');
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note).toHaveAttribute('data-automatic', 'false');
  await expect(note).toContainText(`Order-book credentials for “${ACCOUNT}” are ready`);
  await expect(ticket.getByTestId('ticket-blocked')).toHaveCount(0);
  await expect(page.getByTestId('balance-usd-available')).toHaveText('0.00', { timeout: 20_000 });

  await page.mouse.move(0, 0);
  await page.screenshot({ path: SHOT });
  expect(problems).toEqual([]);
});
