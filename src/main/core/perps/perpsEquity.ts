/**
 * An account's equity series for the chart: the `points` most recent klines of one interval,
 * walked newest first with `more` (equity continues at oldest − 1: one point per timestamp), and
 * handed back oldest first.
 */
import type { PerpsEquitySeries } from '../../../shared/perpsViews';
import { PERPS_LIST_CAPS, type PerpsEquityInterval } from '../../../shared/protocol/perps';
import { credentialsOf, type PerpsContext } from './perpsContext';
import { walkList } from './perpsListWalk';

export async function perpsEquitySeries(context: PerpsContext, accountId: string, interval: PerpsEquityInterval, points: number): Promise<PerpsEquitySeries> {
  const account = context.registry.get(accountId);
  const credentials = credentialsOf(context, account);
  const collected: Array<[number, string]> = [];
  let more = false;
  const pages = walkList<[number, string]>({
    fetchPage: (endMs) =>
      context.client.equity(credentials, interval, { limit: Math.min(PERPS_LIST_CAPS.equity, points - collected.length), ...(endMs !== undefined ? { endMs } : {}) }),
    timeOf: (point) => point[0],
    keyOf: (point) => String(point[0]),
    boundary: 'exclusive',
  });
  for await (const page of pages) {
    collected.push(...page.rows);
    more = page.nextEndMs !== null;
    if (collected.length >= points) break;
  }
  const newestFirst = collected.slice(0, points);
  return {
    accountId,
    interval,
    points: newestFirst.reverse().map(([time, equity]) => ({ time, equity })),
    more: more || collected.length > points,
  };
}
