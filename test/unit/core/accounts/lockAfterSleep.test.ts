/**
 * Issue 19, browser mode: no suspend event reaches a plain Node process, so a gap in the vault
 * session's own 5-second checks on the wall clock stands for a sleep (or a stepped clock or a
 * stopped process) and locks the vault, as the desktop app locks on every suspend. A slow tick
 * does not, and the desktop's session (no gap limit) keeps to its idle limit alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_CHECK_MS, SLEEP_GAP_MS, VaultSession } from '../../../../src/main/core/accounts/vaultSession';
import { createMemoryOsKeyStore } from '../../../../src/main/core/custody';
import { silentLogger } from '../../../../src/main/core/log';
import { openSettings } from '../../../../src/main/core/settings/settingsStore';
import { LIGHT_KDF } from '../../../integration/core/coreHarness';

const dirs: string[] = [];
const sessions: VaultSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function unlockedSession(lockAfterClockGapMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-sleep-'));
  dirs.push(dir);
  const clock = { now: 1_780_000_000_000 };
  const settings = openSettings(dir);
  settings.set('autoLockMinutes', 30);
  const session = new VaultSession({
    path: join(dir, 'marketdesk.vault'), osKeyStore: createMemoryOsKeyStore(), settings, log: silentLogger, onChange: () => {},
    now: () => clock.now, kdf: LIGHT_KDF, ...(lockAfterClockGapMs !== undefined ? { lockAfterClockGapMs } : {}),
  });
  sessions.push(session);
  await session.start();
  await session.create('a sleep test password');
  return { session, clock };
}

describe('locking after a sleep in browser mode', () => {
  it('locks when the clock jumped a minute or more between two checks, well inside the idle limit', async () => {
    const { session, clock } = await unlockedSession(SLEEP_GAP_MS);
    clock.now += IDLE_CHECK_MS;
    session.check();
    clock.now += IDLE_CHECK_MS * 3; // a slow tick: still unlocked
    session.check();
    expect(session.state().unlocked).toBe(true);
    clock.now += SLEEP_GAP_MS; // the lid was closed for a minute
    session.check();
    expect(session.state()).toMatchObject({ unlocked: false, lockReason: 'sleep' });
  });

  it('does not, where the host reports suspends itself (the desktop): only the idle limit applies', async () => {
    const { session, clock } = await unlockedSession();
    clock.now += 10 * 60_000;
    session.check();
    expect(session.state().unlocked).toBe(true);
    clock.now += 25 * 60_000;
    session.check();
    expect(session.state()).toMatchObject({ unlocked: false, lockReason: 'idle' });
  });
});
