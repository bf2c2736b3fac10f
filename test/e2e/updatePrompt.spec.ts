/**
 * Issue 12, updater: the renderer's side of an install — the status bar's "update ready" prompt,
 * the confirmation that lists what rests per account with what a restart does to it, and that
 * only the dialog's own button sends `confirmed: true`. The updater needs the installed desktop
 * app, so main's answers on the update channels are played by the test on the bridge socket;
 * every other call goes through unchanged to a browser-mode host of its own, running on a live
 * network: a second sandbox this test starts, stored as the remote profile "Remote desk" and made
 * the active network in the settings file before the host starts. Updates are off on the embedded
 * sandbox, so the prompt and the confirmation are only ever seen on such a network, and the title
 * bar in the pictures says so. The accounts the confirmation lists are created there (vault and
 * keys); their order counts and heartbeats are the played answer's. (The core's side of the same flow — reading real resting orders
 * and heartbeats — is test/integration/core/updateInstallPrompt.test.ts.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startSandbox } from '../../src/sandbox/start';
import type { InstallUpdateResult, UpdateState } from '../../src/shared/updates';
import type { CallFrame } from '../../src/shared/webSocketProtocol';
import { addProfilesToSettingsFile, remoteSandboxProfile } from '../integration/core/remoteSandboxProfile';
import { watchPageProblems } from './support/pageProblems';
import { addKeyAccount, createVault } from './support/trade';
import { startWebHostProcess, type RunningHost } from './support/webHostProcess';

const PROMPT_SHOT = fileURLToPath(new URL('../../docs/screenshots/update-ready-prompt.png', import.meta.url));
const DIALOG_SHOT = fileURLToPath(new URL('../../docs/screenshots/update-install-confirmation.png', import.meta.url));

const NETWORK_ID = 'desk';
const NETWORK_LABEL = 'Remote desk';
const VAULT_PASSWORD = 'Quarry-Meadow-Tinsel-47';

let remote: Awaited<ReturnType<typeof startSandbox>> | undefined;
let host: RunningHost | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  remote = await startSandbox({ seed: 5, port: 0, simulate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-e2e-update-'));
  addProfilesToSettingsFile(dataDir, [remoteSandboxProfile(NETWORK_ID, NETWORK_LABEL, remote.urls)]);
  // The host starts on that network, as a desktop app left on it would.
  const settingsFile = join(dataDir, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify({ ...(JSON.parse(readFileSync(settingsFile, 'utf8')) as object), activeNetworkId: NETWORK_ID }, null, 2));
  host = await startWebHostProcess({ dataDir });
});

test.afterAll(async () => {
  await host?.stop();
  await remote?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const ready: UpdateState = {
  currentVersion: '0.1.0',
  status: { phase: 'ready', version: '0.2.0' },
  feed: { url: 'https://updates.example.com/marketdesk/', source: 'installer' },
  verification: 'publisher-signature',
  lastCheckedAt: Date.UTC(2026, 10, 26, 14, 0),
  upToDate: false,
  installsOnQuit: false,
};
const asked: InstallUpdateResult = {
  outcome: 'needs-confirmation',
  version: '0.2.0',
  resting: {
    networkLabel: NETWORK_LABEL,
    heartbeatWindowMs: 10_000,
    accounts: [
      { accountId: 'a', label: 'Market making', openOrders: 12, heartbeatsRunning: true },
      { accountId: 'b', label: 'Long term', openOrders: 3, heartbeatsRunning: false },
      { accountId: 'c', label: 'Spare', openOrders: 0, heartbeatsRunning: false },
    ],
  },
};

test('the update-ready prompt asks before installing while orders rest, and installs only from the confirmation', async ({ page }) => {
  const { problems } = watchPageProblems(page);
  const installCalls: unknown[] = [];
  await page.routeWebSocket(/\/bridge/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const frame = JSON.parse(String(message)) as CallFrame;
      const reply = (value: unknown) => socket.send(JSON.stringify({ kind: 'reply', id: frame.id, result: { ok: true, value } }));
      if (frame.kind === 'call' && frame.channel === 'getUpdateState') return reply(ready);
      if (frame.kind === 'call' && frame.channel === 'installUpdate') {
        installCalls.push(frame.input);
        const confirmed = (frame.input as { confirmed: boolean }).confirmed;
        if (!confirmed) return reply(asked);
        reply({ outcome: 'installing', version: '0.2.0' });
        return socket.send(JSON.stringify({ kind: 'event', event: 'updateStateChanged', payload: { ...ready, status: { phase: 'installing', version: '0.2.0' } } }));
      }
      server.send(message);
    });
    server.onMessage((message) => socket.send(message));
  });

  await page.goto(host!.url);
  // The real host is on the live network the confirmation names.
  const switcher = page.getByTestId('network-switcher');
  await expect(switcher).toHaveAttribute('data-network-id', NETWORK_ID, { timeout: 30_000 });
  await expect(switcher).toContainText(NETWORK_LABEL);
  // The accounts the confirmation lists exist on that host (the first one added is the active one).
  await createVault(page, VAULT_PASSWORD);
  for (const account of asked.outcome === 'needs-confirmation' ? asked.resting.accounts : []) await addKeyAccount(page, account.label);
  await expect(page.getByTestId('titlebar-account-label')).toHaveText('Market making');
  await page.getByTestId('nav-markets').click();
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('Update 0.2.0 ready');
  await page.locator('.statusbar').screenshot({ path: PROMPT_SHOT });

  await page.getByTestId('update-prompt-install').click();
  const dialog = page.getByTestId('update-install-dialog');
  await expect(dialog).toBeVisible();
  expect(installCalls).toEqual([{ confirmed: false }]);
  // Only the accounts that matter, each with what the restart does to it.
  const rows = page.getByTestId('update-resting-account');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Market making');
  await expect(rows.nth(0)).toContainText('12 open orders · heartbeats running');
  await expect(rows.nth(0)).toContainText("After 10 s without one the exchange cancels all of this account's open orders.");
  await expect(rows.nth(1)).toContainText('3 open orders');
  await expect(rows.nth(1)).toContainText('stay on the exchange and can fill while Marketdesk is closed');
  await expect(dialog).toContainText(`On ${NETWORK_LABEL}`);
  await page.screenshot({ path: DIALOG_SHOT });

  // "Install later" sends nothing; the prompt stays.
  await page.getByTestId('update-install-later').click();
  await expect(dialog).toHaveCount(0);
  expect(installCalls).toEqual([{ confirmed: false }]);
  await expect(prompt).toContainText('Update 0.2.0 ready');

  await page.getByTestId('update-prompt-install').click();
  await page.getByTestId('update-install-confirm').click();
  await expect.poll(() => installCalls).toEqual([{ confirmed: false }, { confirmed: false }, { confirmed: true }]);
  await expect(prompt).toHaveText('Installing 0.2.0…');
  expect(problems).toEqual([]);
});
