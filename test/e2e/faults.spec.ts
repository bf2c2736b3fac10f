/**
 * Issue 21 in the browser: the status bar when a service answers badly, and when the data folder's
 * disk is full. A host of its own on a data folder in a tmpfs this spec mounts (where it cannot,
 * an ordinary folder, and the full-disk test is skipped with the reason), on a custom network
 * whose services are a sandbox this spec starts, so it can inject faults into them.
 *  - Every order-book request answered 503: "Order book degraded · retry in N s", the connection
 *    word "Degraded"; gone by itself once the 503s stop.
 *  - The disk filled: a display preference the user changes says "The disk is full: … could not be
 *    saved in the data folder …" beside the field, the status bar says "Disk full"; after space is
 *    freed the same change goes through and the note goes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startSandbox } from '../../src/sandbox/start';
import { addFaultRule, clearFaultRules } from '../integration/chaos/faultRules';
import { mountDataFolder, type SmallDisk } from '../integration/faults/smallDisk';
import { dismissWelcome } from './support/analytics';
import { openWatchedBook } from './support/statusBar';
import { startWebHostProcess, type RunningHost } from './support/webHostProcess';

const DEGRADED_SHOT = fileURLToPath(new URL('../../docs/screenshots/degraded-status.png', import.meta.url));
const DISK_FULL_SHOT = fileURLToPath(new URL('../../docs/screenshots/disk-full-status.png', import.meta.url));

let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
let host: RunningHost | undefined;
let disk: SmallDisk | undefined;
let skipReason = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Without a tmpfs (not root) the degraded service is still shown, from an ordinary folder.
  const mounted = mountDataFolder(48);
  if ('skip' in mounted) {
    skipReason = mounted.skip;
    dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-faults-'));
  } else {
    ({ disk, dataDir } = mounted);
  }
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  const customNetwork = { label: 'Faulty', ...sandbox.urls, chainId: 137 };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ network: 'custom', customNetwork }), { mode: 0o600 });
  host = await startWebHostProcess({ dataDir });
});

test.afterAll(async () => {
  try {
    await host?.stop();
    await sandbox?.stop();
  } finally {
    if (disk) disk.unmount();
    else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe.configure({ timeout: 180_000 });

test('an order book answering 503s is shown degraded with the next try, and recovers by itself', async ({ page }) => {
  await openWatchedBook(page, host!.url);
  const outage = page.getByTestId('status-outage');
  await expect(outage).toHaveCount(0);

  await addFaultRule(sandbox!, { service: 'clob', pathPattern: '/*', kind: 'unavailable', probability: 1 });
  await expect(outage).toBeVisible({ timeout: 30_000 });
  await expect(outage).toHaveAttribute('data-kind', 'degraded');
  await expect(outage).toContainText('Order book degraded');
  await expect(outage).toContainText(/retry in \d+ s|retrying…/);
  await expect(outage).toHaveAttribute('title', /^The order-book service is answering with errors \(HTTP 503\)\. Degraded for \d+ s, \d+ failed attempts?.*Requests back off until it answers normally\.$/);
  await expect(page.getByTestId('status-connection')).toHaveAttribute('data-state', 'degraded');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: DEGRADED_SHOT });

  await clearFaultRules(sandbox!);
  await expect(outage).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByTestId('status-connection')).toHaveAttribute('data-state', 'online');
});

test('a preference changed on a full disk says the disk is full beside the field and in the status bar', async ({ page }) => {
  test.skip(!disk, skipReason);
  const full = `The disk is full: your display preferences could not be saved in the data folder ${dataDir}. Everything saved before is kept; free some space on that disk and try again.`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(host!.url);
  await dismissWelcome(page);
  await page.getByTestId('nav-settings').click();
  const theme = page.getByTestId('pref-theme');
  await expect(theme).toHaveValue('system');

  disk!.fill();
  try {
    await theme.selectOption('light');
    await expect(page.getByTestId('pref-theme-error')).toHaveText(full);
    const storage = page.getByTestId('status-storage');
    await expect(storage).toHaveText('Disk full');
    await expect(storage).toHaveAttribute('title', full);
    // Not saved: the field shows what is stored.
    await expect(theme).toHaveValue('system');
    await page.screenshot({ path: DISK_FULL_SHOT });
  } finally {
    disk!.free();
  }
  await theme.selectOption('light');
  await expect(theme).toHaveValue('light');
  await expect(page.getByTestId('pref-theme-error')).toHaveCount(0);
  await expect(page.getByTestId('status-storage')).toHaveCount(0);
});
