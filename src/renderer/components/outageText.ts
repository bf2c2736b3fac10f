/** The status bar's words for a service in trouble (unreachable or degraded): which service, since when, and the next retry. */
import type { ServiceOutage } from '../../shared/viewModels';
import { formatDuration, formatNumber } from '../lib/format';

const SERVICE_WORDS: Record<string, string> = {
  clob: 'Order book',
  catalog: 'Catalog',
  analytics: 'Analytics',
  perps: 'Perps',
};

export function serviceWord(service: string): string {
  return SERVICE_WORDS[service] ?? service;
}

/** "retry in 12 s", "retrying…", or "" when no retry is planned. */
export function retryText(outage: ServiceOutage, now: number): string {
  if (outage.nextRetryAt === null) return '';
  const seconds = Math.ceil((outage.nextRetryAt - now) / 1000);
  return seconds > 0 ? `retry in ${formatDuration(seconds * 1000)}` : 'retrying…';
}

/** "unreachable" or "degraded", as the status bar item says it after the service's name. */
export function outageWord(outage: ServiceOutage): string {
  return outage.kind === 'degraded' ? 'degraded' : 'unreachable';
}

export function outageDetail(outage: ServiceOutage, now: number): string {
  const retry = retryText(outage, now);
  const down = formatDuration(Math.max(0, now - outage.since));
  const tries = `${formatNumber(outage.attempts)} failed attempt${outage.attempts === 1 ? '' : 's'}${retry ? `; ${retry}` : ''}`;
  if (outage.kind === 'degraded') return `${outage.problem} Degraded for ${down}, ${tries}. Requests back off until it answers normally.`;
  return `${outage.problem} Unreachable for ${down}, ${tries}. Polling backs off while it is down.`;
}

/**
 * The wait before a view polls `service` again: its interval, or — while the core reports the
 * service unreachable or degraded — until the core's next retry, so views back off with the core's polls.
 */
export function outageWait(outages: readonly ServiceOutage[], service: string, intervalMs: number, now: number): number {
  const outage = outages.find((o) => o.service === service);
  if (!outage?.nextRetryAt) return intervalMs;
  return Math.max(intervalMs, outage.nextRetryAt - now);
}
