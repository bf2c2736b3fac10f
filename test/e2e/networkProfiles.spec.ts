/**
 * Issue 13, profiles: a second sandbox started here plays a remote deployment. In Settings →
 * Networks the user adds a profile for it, tests the connection (every service passes), then sees
 * each failure kind: a remote http:// URL refused by the form before any request, a wrong URL
 * (connection refused) and a mismatched perps signing domain. The profile is saved, exported,
 * deleted and imported back; importing it again is refused with the reason; then the title bar
 * switches to it and back without a restart. Its own host, so the shared one keeps no profiles.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { answerNextQuestion } from './support/mainsQuestion';
import { expect, test, type Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox/start';
import { watchPageProblems } from './support/pageProblems';
import { ownWebHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/networks-test.png', import.meta.url));
const FAILURES_SHOT = fileURLToPath(new URL('../../docs/screenshots/networks-failures.png', import.meta.url));
const LIST_SHOT = fileURLToPath(new URL('../../docs/screenshots/networks-list.png', import.meta.url));
const NARROW_SHOT = fileURLToPath(new URL('../../docs/screenshots/networks-1024x700.png', import.meta.url));
/** The sandbox's perps signing domain (src/main/core/network.ts SANDBOX_PERPS_DOMAIN). */
const SANDBOX_DOMAIN = { name: 'Marketdesk Sandbox Perps', version: '1', chainId: '137', verifyingContract: '0x41042BaFE8238355C51a55cDE29C5F25aB0678D0' };

const host = ownWebHost();
let remote: Awaited<ReturnType<typeof startSandbox>> | undefined;
let closedPort = 0;

test.use({ actionTimeout: 30_000 });
test.beforeAll(async () => {
  remote = await startSandbox({ seed: 5, port: 0, simulate: false });
  // A port nothing listens on: taken, then let go.
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  closedPort = (probe.address() as AddressInfo).port;
  probe.close();
  await once(probe, 'close');
});
test.afterAll(async () => {
  await remote?.stop();
});

const field = (page: Page, path: string) => page.getByTestId(`profile-field-${path.replace(/\./g, '-')}`);
const check = (page: Page, service: string) => page.getByTestId(`connection-service-${service}`);

async function testConnection(page: Page): Promise<void> {
  await page.getByTestId('profile-test').click();
  await expect(page.getByTestId('profile-test')).toHaveText('Test connection', { timeout: 30_000 });
}

test('adds a profile for a remote deployment, tests it, sees each failure kind, exports and imports it', async ({ page }) => {
  test.setTimeout(180_000);
  const { problems } = watchPageProblems(page);
  const urls = remote!.urls;
  await page.goto(host().url);
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('network-item-sandbox')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('settings-network-label')).toHaveText('Sandbox');

  await page.getByTestId('network-add').click();
  // A new profile starts from chain 137's public contracts.
  await expect(field(page, 'chainId')).toHaveValue('137');
  await expect(field(page, 'contracts.exchange')).toHaveValue('0xE111180000d2663C0091e4f400237545B87B996B');
  await field(page, 'label').fill('Remote desk');
  for (const service of ['clob', 'catalog', 'analytics', 'perps'] as const) await field(page, `urls.${service}`).fill(urls[service]);
  await page.getByTestId('profile-pin-perps').check();
  await field(page, 'perpsDomain.name').fill(SANDBOX_DOMAIN.name);
  await field(page, 'perpsDomain.version').fill(SANDBOX_DOMAIN.version);
  await field(page, 'perpsDomain.chainId').fill(SANDBOX_DOMAIN.chainId);
  await field(page, 'perpsDomain.verifyingContract').fill(SANDBOX_DOMAIN.verifyingContract);
  await field(page, 'perpsInstruments').fill('1 BTC-PERP\n2 ETH-PERP');

  await testConnection(page);
  await expect(page.getByTestId('connection-report')).toHaveAttribute('data-passed', 'true');
  for (const service of ['clob', 'catalog', 'analytics', 'perps']) await expect(check(page, service)).toHaveAttribute('data-outcome', 'passed');
  await expect(page.getByTestId('connection-summary')).toContainText('Every service of Remote desk answered as expected.');
  await expect(check(page, 'clob')).toContainText(/The server clock (is|agrees)/);
  await page.getByTestId('profile-form').scrollIntoViewIfNeeded();
  await page.screenshot({ path: SHOT, fullPage: false });

  // A remote URL without https is refused by the form: no request, no report.
  await field(page, 'urls.clob').fill('http://clob.example.com');
  await page.getByTestId('profile-test').click();
  await expect(page.getByTestId('profile-field-urls-clob-error')).toContainText('must use https://');
  await expect(page.getByTestId('profile-form-problems')).toHaveText('Fix the marked fields; nothing was sent.');
  await expect(page.getByTestId('connection-report')).toHaveCount(0);

  // A wrong URL: nothing listens there.
  await field(page, 'urls.clob').fill(`http://127.0.0.1:${closedPort}`);
  await testConnection(page);
  await expect(check(page, 'clob')).toHaveAttribute('data-outcome', 'failed');
  await expect(check(page, 'clob').getByTestId('connection-check').first()).toHaveAttribute('data-failure', 'refused');
  await expect(check(page, 'clob')).toContainText('Connection refused');
  await expect(check(page, 'catalog')).toHaveAttribute('data-outcome', 'passed');

  // The perps exchange signs under another domain than the one pinned.
  await field(page, 'urls.clob').fill(urls.clob);
  await field(page, 'perpsDomain.version').fill('2');
  await testConnection(page);
  await expect(check(page, 'perps')).toHaveAttribute('data-outcome', 'failed');
  await expect(check(page, 'perps').getByTestId('connection-check')).toHaveAttribute('data-failure', 'mismatch');
  await expect(check(page, 'perps')).toContainText('(version differs)');
  await expect(check(page, 'clob')).toHaveAttribute('data-outcome', 'passed');
  await page.getByTestId('connection-report').scrollIntoViewIfNeeded();
  await page.screenshot({ path: FAILURES_SHOT });

  await field(page, 'perpsDomain.version').fill('1');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-form')).toHaveCount(0);
  const item = page.getByTestId('network-item-remote-desk');
  await expect(item).toContainText('Remote desk');
  await expect(item).toHaveAttribute('data-active', 'false');

  // Export, delete, import back; the same file again is refused (the id exists), nothing written.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('profiles-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^marketdesk-networks-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = await download.path();
  const file = JSON.parse(readFileSync(saved, 'utf8')) as { format: string; profiles: Array<{ id: string; urls: { clob: string }; perpsInstruments: unknown[] }> };
  expect(file.format).toBe('marketdesk-network-profiles');
  expect(file.profiles.map((p) => [p.id, p.urls.clob])).toEqual([['remote-desk', urls.clob]]);
  expect(file.profiles[0]!.perpsInstruments).toEqual([{ id: 1, symbol: 'BTC-PERP' }, { id: 2, symbol: 'ETH-PERP' }]);

  await page.getByTestId('network-delete-remote-desk').click();
  await page.getByTestId('network-delete-remote-desk-yes').click();
  await expect(item).toHaveCount(0);
  await page.getByTestId('profiles-import-file').setInputFiles(saved);
  // An import decides where credentials may go later: main shows what it would write, and asks.
  await answerNextQuestion(page, 'confirm', ['Remote desk (remote-desk)', urls.clob]);
  await expect(page.getByTestId('import-outcome')).toHaveText('Imported 1 profile.');
  await expect(item).toBeVisible();
  await page.getByTestId('profiles-import-file').setInputFiles(saved);
  await expect(page.getByTestId('import-outcome')).toContainText('Nothing was imported: one profile was refused.');
  await expect(page.getByTestId('import-refusal')).toContainText('Profile 1 (Remote desk): id: a profile "remote-desk" already exists');
  await page.getByTestId('settings-network').scrollIntoViewIfNeeded();
  await page.screenshot({ path: LIST_SHOT });

  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByTestId('network-edit-remote-desk').click();
  await testConnection(page);
  await expect(page.getByTestId('connection-report')).toHaveAttribute('data-passed', 'true');
  await page.getByTestId('connection-report').scrollIntoViewIfNeeded();
  await page.screenshot({ path: NARROW_SHOT });
  await page.getByTestId('profile-cancel').click();

  // The saved profile is one click away in the title bar: the app moves there without a restart,
  // says it is live, and comes back to the sandbox.
  const switcher = page.getByTestId('network-switcher');
  await switcher.click();
  await page.locator('[data-testid="network-switcher-option"][data-network-id="remote-desk"]').click();
  await expect(switcher).toHaveAttribute('data-network-id', 'remote-desk', { timeout: 30_000 });
  await expect(page.getByTestId('titlebar-network-badge')).toHaveText('LIVE · Remote desk');
  await expect(item).toHaveAttribute('data-active', 'true');
  await switcher.click();
  await page.locator('[data-testid="network-switcher-option"][data-network-id="sandbox"]').click();
  await expect(switcher).toHaveAttribute('data-network-id', 'sandbox', { timeout: 30_000 });
  await expect(page.getByTestId('network-item-sandbox')).toHaveAttribute('data-active', 'true');
  expect(problems).toEqual([]);
});
