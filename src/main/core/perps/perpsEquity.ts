/**
 * An account's equity series for the chart, kept in the history store (perpsEquityTable.ts). A
 * read first brings the stored points up to date: from the exchange's now down to the newest
 * stored point (read again: a real exchange's last kline may still move), then, while fewer
 * points are stored than asked and the account's first point is not among them, further back
 * from the oldest stored one. Both walk with `more` (equity continues at oldest − 1: one point
 * per timestamp). The answer is the `points` newest stored points, oldest first. When the
 * exchange cannot be read and points are stored, those are answered with the reason
 * (`storedOnly`), so the chart keeps its series through an outage.
 *
 * Reads of one account and interval run one after the other (each still asks the exchange),
 * so two never interleave their writes to the same stored span.
 */
import type { PerpsEquitySeries } from '../../../shared/perpsViews';
import { PERPS_LIST_CAPS, type PerpsEquityInterval, type PerpsEquityPoint } from '../../../shared/protocol/perps';
import { walletKey } from '../history/historyStore';
import type { PerpsCredentials } from './perpsClient';
import { credentialsOf, type PerpsContext } from './perpsContext';
import { walkList } from './perpsListWalk';

/** Points kept per account and interval; older ones are dropped (5,000 is the most a read asks). */
export const MAX_STORED_EQUITY_POINTS = 20_000;

const queues = new WeakMap<PerpsContext, Map<string, Promise<unknown>>>();

export async function perpsEquitySeries(context: PerpsContext, accountId: string, interval: PerpsEquityInterval, points: number): Promise<PerpsEquitySeries> {
  const account = context.registry.get(accountId);
  // Checked first: no proxy is a refusal, whatever is stored.
  const credentials = credentialsOf(context, account);
  const key = walletKey(account.address);
  return oneAtATime(context, `${key}:${interval}`, async () => {
    const table = context.store.perpsEquity;
    let storedOnly: string | null = null;
    try {
      await catchUp(context, credentials, key, interval, points);
    } catch (error) {
      if (table.span(key, interval).count === 0) throw error;
      storedOnly = error instanceof Error ? error.message : String(error);
    }
    const span = table.span(key, interval);
    return {
      accountId,
      interval,
      points: table.newest(key, interval, points).map(([time, equity]) => ({ time, equity })),
      more: !span.fromStart || span.count > points,
      storedOnly,
      syncedAt: span.syncedAt,
    };
  });
}

async function catchUp(context: PerpsContext, credentials: PerpsCredentials, key: string, interval: PerpsEquityInterval, points: number): Promise<void> {
  const table = context.store.perpsEquity;
  const before = table.span(key, interval);
  // One more than asked, so `points` new points plus the newest stored one still join up.
  const fresh = await readDown(context, credentials, interval, { startMs: before.newest ?? 0, limit: points + 1 });
  const oldestFresh = fresh.points.at(-1)?.[0];
  context.store.transaction(() => {
    let fromStart = before.fromStart;
    if (before.newest === null) fromStart = fresh.ended;
    else if (!fresh.ended && oldestFresh !== undefined) {
      // More new points than asked: the stored ones no longer join them, and a gap is never kept.
      table.dropOlderThan(key, interval, oldestFresh);
      fromStart = false;
    }
    table.put(key, interval, fresh.points);
    table.markSynced(key, interval, fromStart, context.now());
  });

  const now = table.span(key, interval);
  if (now.count < points && !now.fromStart && now.oldest !== null) {
    const older = await readDown(context, credentials, interval, { startMs: 0, endMs: now.oldest - 1, limit: points - now.count });
    context.store.transaction(() => {
      table.put(key, interval, older.points);
      table.markSynced(key, interval, older.ended, context.now());
    });
  }

  const kept = table.span(key, interval);
  if (kept.count > MAX_STORED_EQUITY_POINTS) {
    const keep = table.newest(key, interval, MAX_STORED_EQUITY_POINTS);
    context.store.transaction(() => {
      table.dropOlderThan(key, interval, keep[0]![0]);
      table.markSynced(key, interval, false, context.now());
    });
  }
}

/** Points from `endMs` (undefined: the exchange's now) down to `startMs`, at most `limit`, newest first; `ended`: none older remain in the range. */
async function readDown(
  context: PerpsContext,
  credentials: PerpsCredentials,
  interval: PerpsEquityInterval,
  range: { startMs: number; endMs?: number; limit: number },
): Promise<{ points: PerpsEquityPoint[]; ended: boolean }> {
  const collected: PerpsEquityPoint[] = [];
  let ended = false;
  const pages = walkList<PerpsEquityPoint>({
    fetchPage: (endMs) =>
      context.client.equity(credentials, interval, {
        startMs: range.startMs,
        limit: Math.min(PERPS_LIST_CAPS.equity, range.limit - collected.length),
        ...(endMs !== undefined ? { endMs } : {}),
      }),
    timeOf: (point) => point[0],
    keyOf: (point) => String(point[0]),
    boundary: 'exclusive',
    ...(range.endMs !== undefined ? { fromEndMs: range.endMs } : {}),
  });
  for await (const page of pages) {
    collected.push(...page.rows);
    ended = page.nextEndMs === null;
    if (collected.length >= range.limit) break;
  }
  return { points: collected.slice(0, range.limit), ended: ended && collected.length <= range.limit };
}

/** Runs `work` after every earlier one of the same key has settled. */
function oneAtATime<T>(context: PerpsContext, key: string, work: () => Promise<T>): Promise<T> {
  let perContext = queues.get(context);
  if (!perContext) queues.set(context, (perContext = new Map()));
  const previous = perContext.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  perContext.set(key, settled);
  void settled.then(() => {
    if (perContext.get(key) === settled) perContext.delete(key);
  });
  return run;
}
