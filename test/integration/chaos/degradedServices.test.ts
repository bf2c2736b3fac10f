/**
 * Issue 21, chaos: services that answer, but badly, through the sandbox's fault injection.
 *  - Every order-book request answered 503: the status bar shows the order book degraded with its
 *    next try (not "online"), the book poll backs off, and it recovers by itself once the 503s stop.
 *  - `/books` answered 429 with Retry-After: 5: the whole `/books` budget scope waits (not only the
 *    request that got it), so the requests per second reaching the sandbox fall from the poll's
 *    rate to about one per 5 s, while other order-book routes go on; then it recovers.
 *  - Every `/v2/activity` answer cut off halfway while a user asks for a sync again and again: the
 *    analytics service is degraded, each sync fails at once saying the answer was cut off, and
 *    recovers with the first whole answer.
 * The outage backoff is shortened (0.5 s doubling to 4 s) so recovery fits a test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/start';
import type { HistorySyncState } from '../../../src/shared/portfolioViews';
import type { AppStatus, BudgetStateView } from '../../../src/shared/viewModels';
import { callOk, firstCentTickToken, startHarness, type Harness } from '../core/coreHarness';
import { addFaultRule, clearFaultRules } from './faultRules';

const POLL_MS = 500;
let h: Harness;
let tokenId = '';
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(h, channel, input);
const status = () => call<AppStatus>('getAppStatus');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` (async) until it returns a value, for at most `timeoutMs`. */
async function until<T>(check: () => Promise<T | null | undefined> | T | null | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Requests that reached the sandbox on matching routes, per second, over `ms` from now. */
async function ratePerSecond(service: string, path: string, ms: number): Promise<number> {
  const count = () => h.sandbox.faultStats().routes.filter((r) => r.service === service && r.path === path).reduce((sum, r) => sum + r.requests, 0);
  const before = count();
  await sleep(ms);
  return ((count() - before) * 1000) / ms;
}

beforeAll(async () => {
  h = await startHarness({ simulate: false, bookPollIntervalMs: POLL_MS, outageBackoff: { baseMs: 500, capMs: 4_000 }, historyPageSize: 100 });
  tokenId = await firstCentTickToken((channel, input) => call(channel, input));
  expect(tokenId).not.toBe('');
  // A window watches a book: the core polls `/books` every POLL_MS from now on.
  await call('watchOrderBooks', { tokenIds: [tokenId] });
}, 60_000);
afterEach(async () => {
  await clearFaultRules(h.sandbox);
});
afterAll(async () => {
  await h?.stop();
});

async function recovered(): Promise<AppStatus> {
  return until(async () => {
    const now = await status();
    return now.outages.length === 0 && now.connection === 'online' ? now : null;
  }, 20_000);
}

describe('chaos: a service that answers with errors is shown degraded, backed off, and recovers by itself', () => {
  it('sustained 503s from the order book: degraded with the next try, a backed-off poll, then online again', async () => {
    const before = await ratePerSecond('clob', '/books', 3_000);
    await addFaultRule(h.sandbox, { service: 'clob', pathPattern: '/*', kind: 'unavailable', probability: 1 });
    const degraded = await until(async () => (await status()).outages.find((o) => o.service === 'clob'), 15_000);
    expect(degraded).toMatchObject({ kind: 'degraded', problem: 'The order-book service is answering with errors (HTTP 503).' });
    const during = await status();
    expect(during.connection).toBe('degraded');
    expect(during.connectionProblem).toBe('The order-book service is answering with errors (HTTP 503).');
    expect(during.outages[0]!.nextRetryAt).toBeGreaterThan(during.outages[0]!.since);
    const whileDegraded = await ratePerSecond('clob', '/books', 4_000);
    console.info(`chaos 503: /books ${before.toFixed(2)}/s before, ${whileDegraded.toFixed(2)}/s while degraded`);
    expect(before).toBeGreaterThan(1);
    expect(whileDegraded).toBeLessThan(before / 2);

    await clearFaultRules(h.sandbox);
    await recovered();
    expect(await ratePerSecond('clob', '/books', 3_000)).toBeGreaterThan(1);
  }, 60_000);

  it('429s with Retry-After: 5 on /books pause the whole /books scope: the rate falls to about one per 5 s, other routes go on', async () => {
    const before = await ratePerSecond('clob', '/books', 3_000);
    await addFaultRule(h.sandbox, { service: 'clob', pathPattern: '/books', kind: 'rate-limited', retryAfterSeconds: 5, probability: 1 });
    await until(() => h.sandbox.faultStats().routes.some((r) => r.path === '/books' && (r.byKind['rate-limited'] ?? 0) > 0), 5_000);
    const books = (await call<BudgetStateView>('getBudgetState')).scopes.find((s) => s.scope === 'clob:/books')!;
    expect(books.pauses).toBeGreaterThanOrEqual(1);
    expect(books.pausedForMs).toBeGreaterThan(3_000);
    // Another order-book route is another scope: it is not held by the pause.
    const started = performance.now();
    await call('getRecentTrades', { tokenId });
    expect(performance.now() - started).toBeLessThan(2_000);
    const during = await ratePerSecond('clob', '/books', 8_000);
    console.info(`chaos 429 (Retry-After 5): /books ${before.toFixed(2)}/s before, ${during.toFixed(2)}/s during`);
    expect(before).toBeGreaterThan(1);
    expect(during).toBeLessThanOrEqual(0.35);
    // The third 429 in a row on the scope (one per pause) makes the order book degraded.
    const degraded = await until(async () => (await status()).outages.find((o) => o.service === 'clob'), 15_000);
    expect(degraded).toMatchObject({ kind: 'degraded', problem: 'The order-book service is answering with too many requests (429).' });

    await clearFaultRules(h.sandbox);
    await recovered();
    expect(await ratePerSecond('clob', '/books', 3_000)).toBeGreaterThan(1);
  }, 60_000);

  it('cut-off analytics answers: degraded, each sync asked fails at once with the cut-off sentence (no burst of retries), and the next one completes', async () => {
    const { address, rows } = SANDBOX_HISTORY_WALLETS.small;
    await addFaultRule(h.sandbox, { service: 'analytics', pathPattern: '/v2/activity', kind: 'truncated', probability: 1 });
    // A user (or a view) asks for the sync again a second after each failure, for 6 s.
    const count = () => h.sandbox.faultStats().routes.filter((r) => r.path === '/v2/activity').reduce((sum, r) => sum + r.requests, 0);
    const first = count();
    const started = performance.now();
    let syncs = 0;
    while (performance.now() - started < 6_000) {
      const result = await h.core.dispatch('syncActivityHistory', { address, jobId: `cut-${syncs++}` }, { clientId: 'chaos' });
      expect(result.ok ? null : result.error).toMatchObject({ code: 'bad_response', message: 'The analytics service answered GET /v2/activity with a cut-off body (HTTP 200).' });
      await sleep(1_000);
    }
    const requests = count() - first;
    console.info(`chaos cut-off: ${syncs} syncs asked, ${requests} /v2/activity requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(requests).toBeLessThanOrEqual(syncs + 1);
    expect((await status()).outages.find((o) => o.service === 'analytics')).toMatchObject({ kind: 'degraded', problem: 'The analytics service is answering with cut-off answers.' });

    await clearFaultRules(h.sandbox);
    expect(await call<HistorySyncState>('syncActivityHistory', { address, jobId: 'cut-after' })).toMatchObject({ complete: true, rows });
    await recovered();
  }, 60_000);
});
