/**
 * Issue 10, finding 3 in the browser: while the order-book service is unreachable, the status bar
 * says so with the next retry, and the note goes away on the first answer after it comes back.
 * (How far polling backs off is counted with a virtual clock in
 * test/integration/recovery/outageBackoff.test.ts.) A host of its own on a custom network whose order-book address is a
 * relay this test can switch dead (connections reset, nothing forwarded) and alive again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startSandbox } from '../../src/sandbox/start';
import { startFaultRelay, type FaultRelay } from '../integration/recovery/faultRelay';
import { openWatchedBook } from './support/statusBar';
import { startWebHostProcess, type RunningHost } from './support/webHostProcess';

const SHOT = fileURLToPath(new URL('../../docs/screenshots/outage-status.png', import.meta.url));

let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
let relay: FaultRelay | undefined;
let host: RunningHost | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
  relay = await startFaultRelay(sandbox.urls.clob);
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-outage-'));
  const customNetwork = { label: 'Relayed', ...sandbox.urls, clob: relay.url, chainId: 137 };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ network: 'custom', customNetwork }), { mode: 0o600 });
  host = await startWebHostProcess({ dataDir });
});

test.afterAll(async () => {
  await host?.stop();
  await relay?.stop();
  await sandbox?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('an unreachable order book is said in the status bar with the next retry, and cleared when it answers', async ({ page }) => {
  test.setTimeout(180_000);
  await openWatchedBook(page, host!.url);
  const outage = page.getByTestId('status-outage');
  await expect(outage).toHaveCount(0);

  relay!.inject('', 'dead');
  await expect(outage).toBeVisible({ timeout: 30_000 });
  await expect(outage).toContainText('Order book unreachable');
  await expect(outage).toContainText(/retry in \d+ s|retrying…/);
  await expect(outage).toHaveAttribute('title', /failed attempts?.*Polling backs off while it is down\./);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: SHOT });

  relay!.clear();
  await expect(outage).toHaveCount(0, { timeout: 90_000 });
});
