/**
 * A saved live network that cannot be opened when the app starts (here: this test holds its rate
 * budgets, as another Marketdesk would) does not keep the app from starting: it opens on the
 * Sandbox and the title bar says why; once the network is free, one pick in the switcher moves
 * there and the notice goes. Its own web host: the shared one stays on the sandbox.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { acquireBudgetOwnerLock, defaultBudgetLockRoot } from '../../src/main/core/net/budgetOwnerLock';
import { startSandbox } from '../../src/sandbox/start';
import { addProfilesToSettingsFile, remoteSandboxProfile } from '../integration/core/remoteSandboxProfile';
import { watchPageProblems } from './support/pageProblems';
import { startWebHostProcess, type RunningHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/network-start-fallback.png', import.meta.url));

let remote: Awaited<ReturnType<typeof startSandbox>> | undefined;
let host: RunningHost | undefined;
let held: { release(): void } | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  remote = await startSandbox({ seed: 13, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-start-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile('staging', 'Staging', remote.urls)]);
  const settingsFile = join(dataDir, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(readFileSync(settingsFile, 'utf8')), activeNetworkId: 'staging' }));
  // As another Marketdesk on this computer would: it owns Staging's rate budgets.
  held = acquireBudgetOwnerLock(remote.urls, { root: defaultBudgetLockRoot(), hostKind: 'another Marketdesk', networkLabel: 'Staging' });
  host = await startWebHostProcess({ dataDir });
});

test.afterAll(async () => {
  held?.release();
  await host?.stop();
  await remote?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('opens on the sandbox when the saved network is taken, says why, and moves there once it is free', async ({ page }) => {
  const { problems } = watchPageProblems(page);
  const switcher = page.getByTestId('network-switcher');
  await page.goto(host!.url);
  await expect(switcher).toHaveAttribute('data-network-id', 'sandbox', { timeout: 30_000 });
  const notice = page.getByTestId('network-start-notice');
  await expect(notice).toHaveText('Saved network unavailable');
  await expect(notice).toHaveAttribute('title', /^Staging could not be opened when Marketdesk started \(.*another Marketdesk.*\) — you are on the Sandbox\./);
  await switcher.click();
  await expect(page.getByTestId('network-start-notice-full')).toContainText('Pick Staging here to try again.');
  await page.screenshot({ path: SHOT });

  held?.release();
  held = undefined;
  await page.locator('[data-testid="network-switcher-option"][data-network-id="staging"]').click();
  await expect(switcher).toHaveAttribute('data-network-id', 'staging', { timeout: 30_000 });
  await expect(page.getByTestId('titlebar-network-badge')).toHaveText('LIVE · Staging');
  await expect(notice).toHaveCount(0);
  expect(problems).toEqual([]);
});
