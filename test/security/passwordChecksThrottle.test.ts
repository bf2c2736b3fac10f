/**
 * The throttle is session-wide and what the renderer sees is what a refusal says: the
 * `retryAfterMs` in VaultState is the wait the next refusal carries, a failed attempt is pushed
 * at once, and unlock and re-entry count against the same attempts. On a fake clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VaultSession } from '../../src/main/core/accounts/vaultSession';
import { createMemoryOsKeyStore } from '../../src/main/core/custody';
import { silentLogger } from '../../src/main/core/log';
import { openSettings } from '../../src/main/core/settings/settingsStore';
import { LIGHT_KDF } from '../integration/core/coreHarness';

const PASSWORD = 'correct horse battery staple';

describe('the session-wide password throttle', () => {
  let dir: string;
  let session: VaultSession;
  let now = 1_000_000;
  let changes = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'marketdesk-throttle-'));
    session = new VaultSession({
      path: join(dir, 'marketdesk.vault'),
      osKeyStore: createMemoryOsKeyStore(),
      settings: openSettings(dir),
      log: silentLogger,
      onChange: () => (changes += 1),
      now: () => now,
      kdf: LIGHT_KDF,
    });
    await session.start();
    await session.create(PASSWORD);
  });
  afterAll(() => {
    session?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts re-entries and unlocks together, and says the same wait in the state and in the refusal', async () => {
    await expect(session.confirmPassword('wrong one')).rejects.toMatchObject({ code: 'wrong_password' });
    await expect(session.confirmPassword('wrong two')).rejects.toMatchObject({ code: 'wrong_password' });
    const before = changes;
    await expect(session.unlock('wrong three')).rejects.toMatchObject({ code: 'wrong_password' });
    expect(changes).toBe(before + 1); // the failure is pushed: the renderer learns the wait at once
    expect(session.state().retryAfterMs).toBe(1_000);

    const refusal = await session.confirmPassword(PASSWORD).catch((error: unknown) => error as { code: string; message: string; retryAfterMs: number });
    expect(refusal).toMatchObject({ code: 'throttled', message: 'Too many password attempts: try again in 1 s.', retryAfterMs: 1_000 });
    now += 400;
    expect(session.state().retryAfterMs).toBe(600);
    await expect(session.unlock(PASSWORD)).rejects.toMatchObject({ code: 'throttled', retryAfterMs: 600 });

    now += 600;
    expect(session.state().retryAfterMs).toBe(0);
    await session.confirmPassword(PASSWORD);
    expect(session.state().retryAfterMs).toBe(0);
    for (let i = 0; i < 3; i++) await expect(session.confirmPassword(`wrong ${i}`)).rejects.toMatchObject({ code: 'wrong_password' });
    expect(session.state().retryAfterMs).toBe(1_000); // a right password reset the count
  });
});
