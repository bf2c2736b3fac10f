/**
 * Issue 7 finding 8 (third item): accounts.json and settings.json were written 0644, readable by
 * every local user. Every file of the data folder holding non-public state is 0600: the two conf
 * stores, the vault, the sandbox state file and the lock files. An older file found wider is
 * narrowed when it is opened. Checked on a real core's data folder after real writes.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../src/main/core/accounts/accountRegistry';
import { openSettings } from '../../src/main/core/settings/settingsStore';
import { SandboxStateStore } from '../../src/sandbox/state/stateStore';
import { callOk, startHarness, type Harness } from '../integration/core/coreHarness';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const dirs: string[] = [];
let harness: Harness | null = null;
afterEach(async () => {
  await harness?.stop();
  harness = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('file modes in the data folder', () => {
  it('accounts.json, settings.json, the vault and the lock files are 0600 after real writes by a real core', async () => {
    harness = await startHarness({ simulate: false });
    const { dataDir } = harness;
    await callOk(harness, 'createVault', { password: 'a long enough password 1' });
    await callOk(harness, 'createAccount', { label: 'alpha' });
    await callOk(harness, 'setAutoLockMinutes', { minutes: 5 });

    const files = readdirSync(dataDir).filter((name) => !name.startsWith('.'));
    for (const name of ['accounts.json', 'settings.json', 'marketdesk.vault', 'marketdesk.lock', 'marketdesk.lock.owner.json']) {
      expect(files, `${name} exists`).toContain(name);
    }
    for (const name of files) expect({ name, mode: modeOf(join(dataDir, name)).toString(8) }).toEqual({ name, mode: '600' });
  }, 60_000);

  it('the sandbox state file and its lock files are 0600', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marketdesk-modes-'));
    dirs.push(dir);
    const file = join(dir, 'sandbox-state.json');
    let changed = () => {};
    const store = await SandboxStateStore.open(file, [{ key: 'n', encode: () => 1, decode: () => () => undefined, watch: (l) => (changed = l) }], { log: () => undefined });
    changed();
    await store.flush();
    for (const name of ['sandbox-state.json', 'sandbox-state.json.lock', 'sandbox-state.json.lock.owner.json']) {
      expect({ name, mode: modeOf(join(dir, name)).toString(8) }).toEqual({ name, mode: '600' });
    }
    await store.close();
  });

  it('an older accounts.json or settings.json left 0644 is narrowed to 0600 when opened', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-modes-'));
    dirs.push(dataDir);
    for (const name of ['accounts.json', 'settings.json']) {
      writeFileSync(join(dataDir, name), '{}\n');
      chmodSync(join(dataDir, name), 0o644);
    }
    new AccountRegistry(dataDir);
    openSettings(dataDir);
    expect(modeOf(join(dataDir, 'accounts.json'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'settings.json'))).toBe(0o600);
  });
});
