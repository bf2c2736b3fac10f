/**
 * History walks against the real sandbox over HTTP into a real node:sqlite store:
 *  - the quarter-million-row wallet synced newest-first into the store equals the same wallet
 *    walked oldest-first, reversed, row for row; the edge windows were never exceeded;
 *  - a sync stopped by an app exit resumes in a new core (new store instance on the same data
 *    folder) from its saved cursor, and ends with every row exactly once, none fetched twice;
 *  - a sync that fails because the service went away resumes against the restarted service from
 *    its cursor (the service kept its cursor key), or from the top when the service refuses the
 *    saved cursor (a new key): complete and exact either way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsClient } from '../../../src/main/core/analytics/analyticsClient';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { syncActivityQuery } from '../../../src/main/core/history/feedSources';
import { silentLogger } from '../../../src/main/core/log';
import { HttpClient } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import { SANDBOX_HISTORY_WALLETS, startSandbox, type RunningSandbox } from '../../../src/sandbox/start';
import type { HistorySyncState } from '../../../src/shared/portfolioViews';
import { edgeWindowsFor } from '../../../src/shared/protocol/edgeLimits';
import type { JobProgress } from '../../../src/shared/tradingViews';
import { LIGHT_KDF, waitFor } from './coreHarness';
import { storedKeysDescending } from './storedActivityKeys';

let sandbox: RunningSandbox;
const dirs: string[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
});
afterAll(async () => {
  await sandbox?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function openCore(
  dataDir: string,
  historyPageSize?: number,
  service: RunningSandbox = sandbox,
): Promise<{ core: Core; progress: JobProgress[]; changed: HistorySyncState[] }> {
  const core = await createCore({
    dataDir,
    serviceUrls: { ...service.urls, label: 'Sandbox', isSandbox: true },
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    ...(historyPageSize ? { historyPageSize } : {}),
  });
  const progress: JobProgress[] = [];
  const changed: HistorySyncState[] = [];
  core.subscribe((event, payload) => {
    if (event === 'jobProgressed') progress.push(payload as JobProgress);
    if (event === 'historyChanged') changed.push(payload as HistorySyncState);
  });
  return { core, progress, changed };
}

const call = async <T>(core: Core, channel: string, input: unknown): Promise<T> => {
  const result = await core.dispatch(channel, input, { clientId: 'test' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
};

/** The service's own rows of a wallet, oldest first, walked with the client the core uses. */
async function serviceKeysAscending(address: string): Promise<string[]> {
  const http = new HttpClient({ urls: () => sandbox.urls, budget: new RateBudget(), windowsFor: (service, method, path) => edgeWindowsFor(service as 'analytics', method, path) });
  const client = new AnalyticsClient(http);
  const keys: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 2_000; pages++) {
    const page = await client.activity({ ...syncActivityQuery(address), direction: 'ASC' }, { cursor, limit: 1000 });
    for (const row of page.rows) keys.push(`${row.block_timestamp}:${row.sequence_id}`);
    cursor = page.pagination.next_cursor;
    if (cursor === null) break;
  }
  expect(cursor).toBeNull();
  return keys;
}

/** Requests the service saw on /v2/activity since its counters were reset (all analytics routes less the others). */
function activityRequests(service: RunningSandbox): number {
  const stats = service.edgeStats();
  const total = (scope: string) => stats.find((s) => s.scope === scope)?.total ?? 0;
  return total('analytics') - total('analytics:/trades') - total('analytics:/positions') - total('analytics:/closed-positions') - total('analytics:/ok');
}

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-walks-'));
  dirs.push(dir);
  return dir;
};

describe('history walks into the store', () => {
  it('the quarter-million-row wallet, synced newest first, equals its oldest-first walk reversed; the budget held', async () => {
    const { address, rows } = SANDBOX_HISTORY_WALLETS.large;
    const dataDir = tempDir();
    const { core, progress } = await openCore(dataDir);
    sandbox.resetEdgeStats();
    try {
      const started = performance.now();
      const state = await call<HistorySyncState>(core, 'syncActivityHistory', { address, jobId: 'large-sync' });
      const seconds = (performance.now() - started) / 1000;
      expect(state).toMatchObject({ wallet: address.toLowerCase(), rows, complete: true, runningJobId: null });
      const last = progress.filter((p) => p.jobId === 'large-sync').at(-1)!;
      expect(last).toMatchObject({ done: true, error: null });
      // Each walk counts its own rows: the activity count reaches the wallet's rows and never passes them.
      const activityCounts = progress.filter((p) => p.jobId === 'large-sync' && p.stage === 'activity').map((p) => p.rows);
      expect(Math.max(...activityCounts)).toBe(rows);
      expect(progress.filter((p) => p.jobId === 'large-sync').every((p) => p.rows <= rows)).toBe(true);
      // Progress came page by page with an ETA (from the timestamps covered) that shrank to zero.
      const during = progress.filter((p) => p.jobId === 'large-sync' && !p.done);
      expect(during.length).toBeGreaterThan(200);
      const etas = during.map((p) => p.etaMs).filter((eta): eta is number => eta !== null);
      expect(etas.length).toBeGreaterThan(200);
      expect(etas.at(-1)!).toBeLessThan(etas[10]!);
      expect(during.every((p) => p.budgetWaitMs >= 0)).toBe(true);
      console.log(`synced ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s, activity and trades)`);
    } finally {
      await core.stop();
    }
    const descending = storedKeysDescending(dataDir, address);
    const ascending = await serviceKeysAscending(address);
    expect(descending.length).toBe(rows);
    expect(new Set(descending).size).toBe(rows);
    expect(descending).toEqual(ascending.reverse());
    for (const stats of sandbox.edgeStats().filter((s) => s.scope.startsWith('analytics'))) {
      expect({ scope: stats.scope, withinLimit: stats.maxInWindow <= stats.limit, rejected: stats.rejected }).toEqual({ scope: stats.scope, withinLimit: true, rejected: 0 });
    }
  }, 120_000);

  it('a sync cut off by an app exit resumes in a new core from its saved cursor: no gap, no repeat', async () => {
    const { address, rows } = SANDBOX_HISTORY_WALLETS.medium;
    const dataDir = tempDir();
    // Small pages, so the walk is long enough to be cut off in the middle.
    const first = await openCore(dataDir, 100);
    const cut = call<HistorySyncState>(first.core, 'syncActivityHistory', { address, jobId: 'cut-off' }).catch((error: Error) => error);
    await waitFor(() => first.progress.some((p) => p.jobId === 'cut-off' && p.rows >= 3_000), 30_000);
    await first.core.stop();
    const outcome = await cut;
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toMatch(/cancelled/);
    const storedAfterCut = storedKeysDescending(dataDir, address).length;
    expect(storedAfterCut).toBeGreaterThanOrEqual(3_000);
    expect(storedAfterCut).toBeLessThan(rows);

    const second = await openCore(dataDir, 100);
    try {
      const before = await call<HistorySyncState>(second.core, 'getHistorySyncState', { address });
      expect(before).toMatchObject({ rows: storedAfterCut, complete: false });
      sandbox.resetEdgeStats();
      const state = await call<HistorySyncState>(second.core, 'syncActivityHistory', { address, jobId: 'resumed' });
      expect(state).toMatchObject({ rows, complete: true });
      // Only the missing rows were fetched again: one page of the newest rows (nothing new above
      // them), then the pages below the saved cursor (pages of 100; at most one more, empty, at the end).
      const pagesMissing = (rows - storedAfterCut) / 100;
      expect(activityRequests(sandbox)).toBeGreaterThanOrEqual(1 + pagesMissing);
      expect(activityRequests(sandbox)).toBeLessThanOrEqual(2 + pagesMissing);
      expect(second.changed.at(-1)).toMatchObject({ rows, complete: true });
    } finally {
      await second.core.stop();
    }
    const descending = storedKeysDescending(dataDir, address);
    expect(descending).toEqual((await serviceKeysAscending(address)).reverse());
  }, 120_000);

  it('a sync failed by the service going away resumes against the restarted service; a refused cursor restarts from the top', async () => {
    const { address, rows } = SANDBOX_HISTORY_WALLETS.medium;
    // The service's cursor signing key, kept across its restart (as a state file would keep it).
    const cursorKey = new Uint8Array(32).fill(7);
    /** Starts a sync and cuts it off once 3,000 rows are in: by the service going away, or by the app's exit. */
    const cutWhileRunning = async (dataDir: string, service: RunningSandbox, cutBy: 'service' | 'exit') => {
      const opened = await openCore(dataDir, 100, service);
      const running = call<HistorySyncState>(opened.core, 'syncActivityHistory', { address, jobId: 'cut' }).catch((error: Error) => error);
      await waitFor(() => opened.progress.some((p) => p.jobId === 'cut' && p.rows >= 3_000), 30_000);
      if (cutBy === 'service') {
        await service.stop();
        const outcome = await running;
        await opened.core.stop();
        return outcome;
      }
      await opened.core.stop();
      return running;
    };
    const resume = async (dataDir: string, service: RunningSandbox) => {
      const opened = await openCore(dataDir, 100, service);
      try {
        service.resetEdgeStats();
        const state = await call<HistorySyncState>(opened.core, 'syncActivityHistory', { address, jobId: 'resume' });
        return { state, requests: activityRequests(service) };
      } finally {
        await opened.core.stop();
      }
    };

    // The service goes away mid-walk: the job fails with a network error, what it stored stays.
    const first = await startSandbox({ seed: 7, port: 0, simulate: false, analytics: { cursorKey } });
    const dataDir = tempDir();
    const failure = await cutWhileRunning(dataDir, first, 'service');
    expect((failure as Error).message).toMatch(/network|Could not reach/);
    const stored = storedKeysDescending(dataDir, address).length;
    expect(stored).toBeGreaterThanOrEqual(3_000);

    // Restarted with its state (cursor key kept): the walk goes on from its cursor, fetching only what is missing.
    const second = await startSandbox({ seed: 7, port: 0, simulate: false, analytics: { cursorKey } });
    try {
      const resumed = await resume(dataDir, second);
      expect(resumed.state).toMatchObject({ rows, complete: true });
      expect(resumed.requests).toBeGreaterThanOrEqual(1 + (rows - stored) / 100);
      expect(resumed.requests).toBeLessThanOrEqual(2 + (rows - stored) / 100);
      expect(storedKeysDescending(dataDir, address)).toEqual((await serviceKeysAscending(address)).reverse());

      // Cut again in another folder, then a service with a new cursor key refuses the saved cursor.
      const otherDir = tempDir();
      await cutWhileRunning(otherDir, second, 'exit');
      const partial = storedKeysDescending(otherDir, address).length;
      expect(partial).toBeLessThan(rows);
      const third = await startSandbox({ seed: 7, port: 0, simulate: false });
      try {
        const restarted = await resume(otherDir, third);
        expect(restarted.state).toMatchObject({ rows, complete: true });
        // Walked again from the newest row: every page fetched again, none of its rows stored twice.
        expect(restarted.requests).toBeGreaterThanOrEqual(rows / 100);
        expect(storedKeysDescending(otherDir, address)).toEqual((await serviceKeysAscending(address)).reverse());
      } finally {
        await third.stop();
      }
    } finally {
      await second.stop();
    }
  }, 120_000);
});
