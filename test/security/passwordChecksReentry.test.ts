/**
 * Findings 2 (the locked oracle) and 3 (re-entry checked against the file) of issue 7.
 * - Re-entering the password before reveal, export or remove was checked by opening the vault
 *   file again: replacing the file with a vault under password B let B reveal and export the
 *   real key. It is now checked against the unlocked vault in memory.
 * - While locked, a right password answered `locked` and a wrong one `wrong_password`. Now a
 *   locked vault answers `locked` whatever the password, and evaluates nothing.
 * Through the real core (bridge dispatch) and at the session (`confirmPassword`, the one method
 * reveal, export and remove call).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Scrypt from '@noble/hashes/scrypt.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VaultSession } from '../../src/main/core/accounts/vaultSession';
import type { SecretPresenter } from '../../src/main/core/accounts/secretPresenter';
import { createMemoryOsKeyStore, createVault } from '../../src/main/core/custody';
import { silentLogger } from '../../src/main/core/log';
import { openSettings } from '../../src/main/core/settings/settingsStore';
import type { AccountsState } from '../../src/shared/custodyViews';
import { callOk, LIGHT_KDF, startHarness, type Harness } from '../integration/core/coreHarness';
import { derivations } from './derivationCounter';

vi.mock('@noble/hashes/scrypt.js', async (importOriginal) => {
  const { counted } = await import('./derivationCounter');
  const real = await importOriginal<typeof Scrypt>();
  return { ...real, scryptAsync: counted(real.scryptAsync) };
});

const PASSWORD_A = 'correct horse battery staple';
const PASSWORD_B = 'attacker chosen password';
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

/** Writes a fresh vault under `password` elsewhere and copies it over `target`. */
async function replaceVaultFile(target: string, password: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-swap-'));
  try {
    const planted = await createVault(join(dir, 'planted.vault'), password, { kdf: LIGHT_KDF });
    planted.lock();
    copyFileSync(join(dir, 'planted.vault'), target);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('through the core', () => {
  let harness: Harness;
  let accountId: string;
  const revealed: string[] = [];
  const presenter: SecretPresenter = {
    present: async ({ secret }) => {
      revealed.push(`0x${Buffer.from(secret).toString('hex')}`);
      return { shownIn: 'one-time-page', url: 'http://127.0.0.1/reveal/test' };
    },
    // Exports are not under test here; they go through the same confirmPassword as reveal.
    offerKeystore: async () => ({ shownIn: 'one-time-page', url: 'http://127.0.0.1/export/test', savedAs: null }),
  };
  const failure = async (channel: string, input: unknown) => {
    const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
    if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
    return result.error;
  };

  beforeAll(async () => {
    harness = await startHarness({ secretPresenter: presenter, simulate: false });
    await callOk(harness, 'createVault', { password: PASSWORD_A });
    accountId = (await callOk<AccountsState>(harness, 'importPrivateKeyAccount', { label: 'Target', privateKey: KEY })).accounts[0]!.id;
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('a vault file replaced under password B: B is refused for reveal and remove, A still works', async () => {
    await replaceVaultFile(join(harness.dataDir, 'marketdesk.vault'), PASSWORD_B);

    expect(await failure('revealAccountPrivateKey', { accountId, password: PASSWORD_B })).toMatchObject({ code: 'wrong_password' });
    expect(revealed).toEqual([]);
    expect(await failure('removeAccount', { accountId, password: PASSWORD_B })).toMatchObject({ code: 'wrong_password' });
    expect((await callOk<AccountsState>(harness, 'listAccounts', {})).accounts.map((a) => a.id)).toEqual([accountId]);

    await callOk(harness, 'revealAccountPrivateKey', { accountId, password: PASSWORD_A });
    expect(revealed).toEqual([KEY]);
  });

  it('while locked, a right and a wrong password get the same answer, and neither is evaluated', async () => {
    await callOk(harness, 'lockVault', {});
    derivations.reset();
    const answers = [];
    for (const password of [PASSWORD_A, 'wrong password 1', PASSWORD_A, 'wrong password 2']) {
      const { code, message } = await failure('removeAccount', { accountId, password });
      const reveal = await failure('revealAccountPrivateKey', { accountId, password });
      answers.push({ code, message }, { code: reveal.code, message: reveal.message });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ code: 'locked' });
    expect(derivations.started).toBe(0);
  });
});

describe('at the session: confirmPassword', () => {
  let dir: string;
  let session: VaultSession;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'marketdesk-session-'));
    session = new VaultSession({
      path: join(dir, 'marketdesk.vault'),
      osKeyStore: createMemoryOsKeyStore(),
      settings: openSettings(dir),
      log: silentLogger,
      onChange: () => undefined,
      kdf: LIGHT_KDF,
    });
    await session.start();
    await session.create(PASSWORD_A);
  });
  afterAll(() => {
    session?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is checked against the vault in memory, not the file: after a swap B is refused and A accepted', async () => {
    await replaceVaultFile(join(dir, 'marketdesk.vault'), PASSWORD_B);
    await expect(session.confirmPassword(PASSWORD_B)).rejects.toMatchObject({ code: 'wrong_password' });
    await expect(session.confirmPassword(PASSWORD_A)).resolves.toBeUndefined();
  });

  it('answers locked while locked, for the right and a wrong password alike', async () => {
    session.lock('manual');
    derivations.reset();
    const right = await session.confirmPassword(PASSWORD_A).catch((error: unknown) => error as Error & { code: string });
    const wrong = await session.confirmPassword(PASSWORD_B).catch((error: unknown) => error as Error & { code: string });
    expect(right).toMatchObject({ code: 'locked' });
    expect(wrong).toMatchObject({ code: right?.code, message: right?.message });
    expect(derivations.started).toBe(0);
  });
});
