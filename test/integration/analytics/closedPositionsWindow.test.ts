/**
 * The spec's window rule for "other windowed routes", on /v2/closed-positions (`start`/`end` on
 * `closed_at`, epoch seconds, inclusive): omitted or 0 bounds are unbounded, a bound narrows,
 * `start` after `end` is a 400 naming start, and the cursor pins the window like the rest of the
 * cohort (resume bare or restate: fine; contradict: 400).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosedPositionRow } from '../../../src/shared/protocol/analytics';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { expectError, v2, walk, type Page } from './v2Client';

let sandbox: RunningSandbox;
let base: string;
const user = SANDBOX_HISTORY_WALLETS.medium.address;
const closedAt = (rows: ClosedPositionRow[]) => rows.map((r) => r.closed_at);

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  base = sandbox.urls.analytics;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('GET /v2/closed-positions start/end', () => {
  it('omitted or 0 bounds are unbounded; a bound narrows inclusively on closed_at', async () => {
    const all = (await walk<ClosedPositionRow>(base, 'closed-positions', { user, limit: 1000 })).rows;
    expect(all.length).toBeGreaterThan(10);
    const zeros = (await walk<ClosedPositionRow>(base, 'closed-positions', { user, limit: 1000, start: 0, end: 0 })).rows;
    expect(zeros).toEqual(all);

    const times = closedAt(all).sort((a, b) => a - b);
    const mid = times[Math.floor(times.length / 2)]!;
    const after = (await walk<ClosedPositionRow>(base, 'closed-positions', { user, limit: 1000, start: mid })).rows;
    const before = (await walk<ClosedPositionRow>(base, 'closed-positions', { user, limit: 1000, end: mid })).rows;
    expect(closedAt(after).every((t) => t >= mid)).toBe(true);
    expect(closedAt(before).every((t) => t <= mid)).toBe(true);
    expect(after.length).toBe(times.filter((t) => t >= mid).length);
    expect(before.length).toBe(times.filter((t) => t <= mid).length);
    // Both bounds on one instant: exactly the positions closed then.
    const exact = (await v2<Page<ClosedPositionRow>>(base, 'closed-positions', { user, limit: 1000, start: mid, end: mid })).body.data;
    expect(exact.length).toBe(times.filter((t) => t === mid).length);
  });

  it('start after end is a 400 naming start; a bound that is not an integer is a 400 naming it', async () => {
    expectError(await v2(base, 'closed-positions', { user, start: 200, end: 100 }), 400, 'invalid_request', 'start');
    expectError(await v2(base, 'closed-positions', { user, end: 'soon' }), 400, 'invalid_request', 'end');
  });

  it('the cursor pins the window: bare and restated resume, a different bound is a 400', async () => {
    const all = (await walk<ClosedPositionRow>(base, 'closed-positions', { user, limit: 1000 })).rows;
    const start = closedAt(all).sort((a, b) => a - b)[Math.floor(all.length / 3)]!;
    const first = (await v2<Page<ClosedPositionRow>>(base, 'closed-positions', { user, start, limit: 2 })).body;
    const cursor = first.pagination.next_cursor!;
    expect(cursor).not.toBeNull();
    const bare = await v2<Page<ClosedPositionRow>>(base, 'closed-positions', { cursor });
    const restated = await v2<Page<ClosedPositionRow>>(base, 'closed-positions', { cursor, user, start });
    expect(bare.status).toBe(200);
    expect(restated.body.data).toEqual(bare.body.data);
    expect(closedAt(bare.body.data).every((t) => t >= start)).toBe(true);
    expectError(await v2(base, 'closed-positions', { cursor, start: start + 1 }), 400, 'invalid_request', 'start');
  });
});
