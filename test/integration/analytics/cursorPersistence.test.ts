/**
 * Cursors survive a sandbox restart on the same state file (the app restarts the sandbox on
 * every launch and resumes walks from saved cursors); without a state file they die with the
 * process. The key is never in a response.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../../src/shared/protocol/analytics';
import { SANDBOX_HISTORY_WALLETS, startSandbox } from '../../../src/sandbox/start';
import { expectError, v2, type Page } from './v2Client';

const dir = mkdtempSync(join(tmpdir(), 'analytics-cursor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const user = SANDBOX_HISTORY_WALLETS.small.address;

describe('cursor signing key and restarts', () => {
  it('a cursor from before a restart on the same state file resumes the walk exactly', async () => {
    const stateFile = join(dir, 'state.json');
    const first = await startSandbox({ simulate: false, stateFile });
    const page1 = await v2<Page<ActivityRow>>(first.urls.analytics, 'activity', { user, limit: 5 });
    const expected = (await v2<Page<ActivityRow>>(first.urls.analytics, 'activity', { user, limit: 10 })).body.data.slice(5);
    await first.stop();
    const stored = JSON.parse(readFileSync(stateFile, 'utf8')) as { analytics?: { cursorKey?: string } };
    expect(stored.analytics?.cursorKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page1.text).not.toContain(stored.analytics!.cursorKey!);
    const second = await startSandbox({ simulate: false, stateFile });
    try {
      const resumed = await v2<Page<ActivityRow>>(second.urls.analytics, 'activity', { user, cursor: page1.body.pagination.next_cursor! });
      expect(resumed.status).toBe(200);
      expect(resumed.body.data).toEqual(expected);
    } finally {
      await second.stop();
    }
  });

  it('without a state file a cursor does not outlive its sandbox', async () => {
    const first = await startSandbox({ simulate: false });
    const cursor = (await v2<Page<ActivityRow>>(first.urls.analytics, 'activity', { user, limit: 5 })).body.pagination.next_cursor!;
    await first.stop();
    const second = await startSandbox({ simulate: false });
    try {
      expectError(await v2(second.urls.analytics, 'activity', { user, cursor }), 400, 'invalid_request', 'cursor');
    } finally {
      await second.stop();
    }
  });
});
