/**
 * Issue 10's load run: eight windows with the Trade, Portfolio and Perps views polling, the
 * budget panel open in one of them, a background history walk and three quote-grid bursts (with
 * their cancels) at once for about a minute, across a 25 s stall of the analytics service and a
 * two-minute forward step of this process's wall clock (taken while the walk keeps the analytics
 * window full and the windows' perps reads the weight budget). The sandbox runs in a child process, so
 * the step moves the client's clock and not the exchange's, and its own counters are the judge:
 * no documented window exceeded, no perps weight over budget, no 429 answered by its limits.
 *
 * The stall is a relay that holds requests and hands them over when it ends, as a frozen server
 * does: requests the client timed out on still arrive. A budget on the wall clock would have
 * emptied its full windows at the step and sent a second window's worth at once.
 */
import { installSteppableWallClock } from './wallClock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core/createCore';
import type { Core } from '../../../src/main/core/coreApi';
import { createMemoryOsKeyStore } from '../../../src/main/core/custody';
import { silentLogger } from '../../../src/main/core/log';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PerpsInfoView } from '../../../src/shared/perpsViews';
import type { BudgetStateView, EventDetail, EventsPage } from '../../../src/shared/viewModels';
import { LIGHT_KDF } from '../core/coreHarness';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';
import { startStallingRelay } from './stallingRelay';
import { backgroundWalk, burstOfQuoteGrids } from './loadActors';
import { runViewPolls, type PollTally, type WindowPlan } from './viewPolls';

const RUN_MS = 60_000;
const STALL_AT_MS = 8_000;
const STALL_MS = 25_000;
const CLOCK_STEP_MS = 120_000;
const STEP_AT_MS = 45_000;
const WINDOWS = 8;

const wallClock = installSteppableWallClock();
let sandbox: SandboxProcess;
let relay: Awaited<ReturnType<typeof startStallingRelay>>;
let core: Core;
let dataDir = '';
let accountId = '';
const tokens: string[] = [];
let instrumentIds: number[] = [];
let callCount = 0;

const dispatch = (channel: string, input: unknown, clientId: string) => core.dispatch(channel, input, { clientId });
/** A call from a window of its own: a connection may have only a bounded number of calls in flight. */
const call = (channel: string, input: unknown = {}) => dispatch(channel, input, `load-${callCount++}`);
async function ok<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await call(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quoteGridBurst = (tally: PollTally, tokenId: string) => burstOfQuoteGrids(call, tally, tokenId);

beforeAll(async () => {
  sandbox = await startSandboxProcess(['--seed', '7', '--tick-ms', '1000']);
  relay = await startStallingRelay(sandbox.urls.analytics);
  dataDir = mkdtempSync(join(tmpdir(), 'marketdesk-load-'));
  core = await createCore({
    dataDir,
    serviceUrls: { ...sandbox.urls, analytics: relay.url, label: 'Sandbox', isSandbox: true },
    log: silentLogger,
    osKeyStore: createMemoryOsKeyStore(),
    vaultKdf: LIGHT_KDF,
    keystoreKdf: LIGHT_KDF,
    // Pages of 10 rows: the walk asks for more than the analytics window allows and has to queue.
    historyPageSize: 10,
  });
  await ok('createVault', { password: 'load-test-password' });
  const accounts = await ok<AccountsState>('createAccount', { label: 'Quoter' });
  accountId = accounts.accounts.find((a) => a.label === 'Quoter')!.id;
  await ok('createClobCredentials', {});
  await ok('requestSandboxFunds', { amount: '5000' });
  await ok('createPerpsProxy', { label: 'Quoter proxy', expiryDays: 30 });
  await ok('requestSandboxPerpsFunds', { accountId, asset: 'USDC', amount: '1000' });
  instrumentIds = (await ok<PerpsInfoView>('getPerpsInfo')).instruments.map((i) => i.id);
  // One market per window, each with a cent tick so the grid's far-off bids rest.
  const page = await ok<EventsPage>('searchCatalogEvents', { text: '' });
  for (const event of page.events) {
    if (tokens.length >= WINDOWS) break;
    const detail = await ok<EventDetail>('getCatalogEvent', { eventId: event.id });
    const market = detail.markets.find((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01');
    if (market) tokens.push(market.outcomes[0]!.tokenId);
  }
  expect(tokens).toHaveLength(WINDOWS);
  expect(instrumentIds.length).toBeGreaterThan(0);
}, 90_000);

afterAll(async () => {
  await core?.stop();
  await relay?.stop();
  await sandbox?.stop();
  wallClock.restore();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('load across a 25 s stall and a forward wall-clock step', () => {
  it('many views, a background walk and quote-grid bursts stay inside every documented window, with no 429', async () => {
    const tally: PollTally = new Map();
    const start = performance.now();
    const until = start + RUN_MS;
    const plans: WindowPlan[] = tokens.map((tokenId, i) => ({
      clientId: `window-${i}`,
      tokenId,
      accountId,
      perpsInstrumentId: instrumentIds[i % instrumentIds.length]!,
      budgetPanel: i === 0,
    }));
    const views = runViewPolls(dispatch, plans, until, tally);
    const walk = backgroundWalk(call, tally, until);
    const bursts: Array<{ placed: number; cancelled: number }> = [];
    const marks: Record<string, number> = {};
    const mark = (name: string) => (marks[name] = Math.round((performance.now() - start) / 100) / 10);
    const firstBurst = quoteGridBurst(tally, tokens[0]!).finally(() => mark('burst1Done'));

    await sleep(Math.max(0, start + STALL_AT_MS - performance.now()));
    relay.stall();
    mark('stall');
    await sleep(STALL_MS);
    const heldDuringStall = relay.held();
    // The stalled service catches up while a second burst goes out.
    const caughtUp = relay.resume();
    mark('resume');
    bursts.push(await firstBurst);
    bursts.push(await quoteGridBurst(tally, tokens[1]!));
    mark('burst2Done');
    await caughtUp;
    // The windows' perps reads keep the weight budget full (and the walk, where the machine is quick enough,
    // the analytics window): the wall clock jumps two minutes, and a third burst goes out at once.
    await sleep(Math.max(0, start + STEP_AT_MS - performance.now()));
    const fullAtStep = (await call('getBudgetState')) as { ok: true; value: BudgetStateView };
    wallClock.step(CLOCK_STEP_MS);
    mark('step');
    const realNow = Date.now() - CLOCK_STEP_MS;
    const during = (await call('getBudgetState')) as { ok: true; value: BudgetStateView };
    bursts.push(await quoteGridBurst(tally, tokens[2]!));
    mark('burst3Done');

    await views;
    mark('viewsClosed');
    const walked = await walk;
    mark('walkDone');
    const after = (await call('getBudgetState')) as { ok: true; value: BudgetStateView };
    const portfolioAfter = await call('getPortfolio', { target: { kind: 'account', accountId } });

    const edge = await sandbox.edgeStats();
    const weights = await sandbox.perpsWeights();
    const routes = await sandbox.routeCounters();
    const edgeTotal = (scope: string) => edge.find((s) => s.scope === scope)?.total ?? 0;
    const busiest = [...edge].sort((a, b) => b.maxInWindow / b.limit - a.maxInWindow / a.limit).slice(0, 4);
    const summary = {
      seconds: Math.round((performance.now() - start) / 1000),
      marks,
      heldDuringStall,
      bursts,
      walkRows: walked.rows,
      requests: { analytics: edgeTotal('analytics'), clob: edgeTotal('clob'), catalog: edgeTotal('catalog'), perpsWeight: weights.totalWeight },
      busiest: busiest.map((s) => `${s.scope} ${s.maxInWindow}/${s.limit}`),
      perpsMaxWeight: `${weights.maxInWindow}/${weights.limit}`,
      // Requests per perps route: the tape reads of windows on one instrument go out shared.
      perpsRequests: Object.fromEntries(routes.filter((r) => r.service === 'perps').map((r) => [`${r.method} ${r.path}`, r.requests])),
      fullAtStep: fullAtStep.value.scopes.filter((x) => x.used >= x.limit * 0.8).map((x) => `${x.scope} ${x.used}/${x.limit}`),
      budgetWaits: after.value.scopes.filter((s) => s.waits > 0).map((s) => `${s.scope} ${s.waits}`),
      calls: Object.fromEntries([...tally].map(([channel, row]) => [channel, { ...row }])),
    };
    console.info(`load run: ${JSON.stringify(summary)}`);

    // It was a load: the stall caught requests, the walk pressed the analytics window, the bursts rested and cancelled orders.
    expect(heldDuringStall).toBeGreaterThan(0);
    expect(walked.rows).toBeGreaterThan(1_000);
    // The eight windows' perps reads (the tapes shared per instrument, equity and accounts per
    // window) ask more weight than the budget allows: requests queued there.
    expect(after.value.scopes.find((x) => x.scope === 'perps:weight')!.waits).toBeGreaterThan(0);
    expect(bursts.every((b) => b.placed > 0 && b.cancelled === b.placed)).toBe(true);
    expect(tally.get('getRecentTrades')!.ok).toBeGreaterThan(WINDOWS * 10);
    // Windows showing the same instrument's perps tape share its reads (perps/sharedReads.ts): fewer
    // requests reached the exchange than tapes were answered, and no tape read failed for the budget.
    const tapes = tally.get('listPerpsTrades')!;
    expect(routes.find((r) => r.service === 'perps' && r.path === '/v1/info/trades')!.requests).toBeLessThan(tapes.ok);
    expect(tapes.errors).toEqual({});
    // The step came while windows were full (a wall-clock budget would have emptied them), and the core saw it.
    expect(fullAtStep.value.scopes.filter((x) => x.used >= x.limit * 0.8).length).toBeGreaterThan(0);
    expect(during.value.asOf - realNow).toBeGreaterThanOrEqual(CLOCK_STEP_MS - 1_000);
    // The sandbox's counters: no window exceeded, no weight over budget, no 429 from its limits.
    for (const scope of edge) {
      expect(scope.maxInWindow, scope.scope).toBeLessThanOrEqual(scope.limit);
      expect(scope.overLimit, scope.scope).toBe(0);
      expect(scope.rejected, scope.scope).toBe(0);
    }
    expect(weights.maxInWindow).toBeLessThanOrEqual(weights.limit);
    expect(weights.rejected).toBe(0);
    expect(routes.filter((route) => route.limited > 0)).toEqual([]);
    // No answer the app got was a 429 passed on, and the views work after the stall.
    for (const [channel, row] of tally) expect(row.errors.rate_limited ?? 0, channel).toBe(0);
    expect(portfolioAfter.ok).toBe(true);
  }, 180_000);
});
