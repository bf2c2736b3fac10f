/**
 * Conventions for every route: the data envelope (pagination only where the spec says),
 * x-trace-id on every response equal to trace_id, 405 for other methods, 404 for unknown paths,
 * `offset` refused everywhere, the edge windows counted and enforced with a sized Retry-After,
 * and the heavy-query busy signal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import { expectError, v2, v2Raw } from './v2Client';

let sandbox: RunningSandbox;
let base: string;
const user = SANDBOX_HISTORY_WALLETS.tiny.address;
const tokenQuery = async () => {
  const res = await v2<{ data: Array<{ token_id: string }> }>(base, 'positions', { user });
  return res.body.data[0]!.token_id;
};
const PAGED: Array<[string, Record<string, string>]> = [
  ['activity', { user }], ['activity/combos', { user }], ['trades', { user }], ['positions', { user }], ['closed-positions', { user }],
  ['biggest-winners', {}], ['builders/leaderboard', {}], ['leaderboard', {}],
];
const UNPAGED: Array<[string, Record<string, string>]> = [['approvals', { user }], ['builders/volume', {}], ['oi', {}]];

beforeAll(async () => {
  sandbox = await startSandbox({ simulate: false });
  base = sandbox.urls.analytics;
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('conventions of every route', () => {
  it('paged routes answer {data: [], pagination: {next_cursor, has_more}} with x-trace-id', async () => {
    for (const [path, query] of [...PAGED, ['holders', { token_id: await tokenQuery() }] as [string, Record<string, string>]]) {
      const res = await v2<{ data: unknown[]; pagination: { next_cursor: unknown; has_more: unknown } }>(base, path, query);
      expect(res.status, path).toBe(200);
      expect(Object.keys(res.body).sort(), path).toEqual(['data', 'pagination']);
      expect(Array.isArray(res.body.data), path).toBe(true);
      expect(typeof res.body.pagination.has_more, path).toBe('boolean');
      expect(res.body.pagination.next_cursor === null || typeof res.body.pagination.next_cursor === 'string', path).toBe(true);
      expect(res.headers.get('x-trace-id'), path).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('approvals, builders/volume, oi and prices-history answer {data} without pagination', async () => {
    for (const [path, query] of [...UNPAGED, ['prices-history', { token_id: await tokenQuery() }] as [string, Record<string, string>]]) {
      const res = await v2<Record<string, unknown>>(base, path, query);
      expect(res.status, path).toBe(200);
      expect(Object.keys(res.body), path).toEqual(['data']);
      expect(res.headers.get('x-trace-id'), path).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('offset is a 400 on every route', async () => {
    for (const [path, query] of [...PAGED, ...UNPAGED]) expectError(await v2(base, path, { ...query, offset: '0' }), 400, 'invalid_request', 'offset');
  });

  it('methods other than GET are a 405 with the analytics error body and an Allow header', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await v2Raw(base, `activity?user=${user}`, { method });
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.get('allow')).toBe('GET');
    }
  });

  it('unknown paths are a 404 not_found with a trace id', async () => {
    expectError(await v2Raw(base, 'nothing-here'), 404, 'not_found');
  });

  it('a malformed cursor is a 400 on every cursor route', async () => {
    for (const [path, query] of PAGED) expectError(await v2(base, path, { ...query, cursor: 'bm9wZQ.bm9wZQ' }), 400, 'invalid_request', 'cursor');
  });
});

describe('edge windows and the busy signal', () => {
  it('counts analytics requests in the edge statistics per documented window', async () => {
    sandbox.resetEdgeStats();
    await v2(base, 'activity', { user });
    await v2(base, 'trades', { user });
    await v2(base, 'positions', { user });
    expect((await v2(base, 'ok')).body).toEqual({ data: { status: 'ok' } });
    const stats = Object.fromEntries(sandbox.edgeStats().map((s) => [s.scope, s]));
    expect(stats['analytics']!.total).toBe(4);
    expect(stats['analytics:/ok']!.total).toBe(1);
    expect(stats['analytics:/trades']!.total).toBe(1);
    expect(stats['analytics:/positions']!.total).toBe(1);
    expect(stats['edge:all']!.total).toBe(0);
  });

  it('a burst over the window gets 429 rate_limited with Retry-After sized to the wait', async () => {
    const limited = await startSandbox({ simulate: false, edge: { limits: { 'analytics:/trades': 3 }, maxWaitMs: 50 } });
    try {
      const results = await Promise.all(Array.from({ length: 6 }, () => v2(limited.urls.analytics, 'trades', { user })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      const refused = results.filter((r) => r.status === 429);
      expect(refused).toHaveLength(3);
      for (const res of refused) {
        expectError(res, 429, 'rate_limited');
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(9);
        expect(retryAfter).toBeLessThanOrEqual(10);
      }
      expect(limited.edgeStats().find((s) => s.scope === 'analytics:/trades')!.rejected).toBe(3);
    } finally {
      await limited.stop();
    }
  });

  it('heavy queries wait for a capacity slot and get 429 with Retry-After only when the wait ends unserved', async () => {
    const busy = await startSandbox({ simulate: false, analytics: { heavySlots: 1, heavyWaitMs: 50, heavyHoldMs: 300 } });
    try {
      const results = await Promise.all(Array.from({ length: 3 }, () => v2(busy.urls.analytics, 'positions', { user })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const res of results.filter((r) => r.status !== 200)) {
        expectError(res, 429, 'rate_limited');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      const patient = await startSandbox({ simulate: false, analytics: { heavySlots: 1, heavyWaitMs: 2_000, heavyHoldMs: 100 } });
      try {
        const served = await Promise.all(Array.from({ length: 3 }, () => v2(patient.urls.analytics, 'positions', { user })));
        expect(served.every((r) => r.status === 200)).toBe(true);
      } finally {
        await patient.stop();
      }
    } finally {
      await busy.stop();
    }
  });
});
