/** The status bar's words for a service outage: which service, since when, and the next retry. */
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

export function outageDetail(outage: ServiceOutage, now: number): string {
  const retry = retryText(outage, now);
  return `${outage.problem} Unreachable for ${formatDuration(Math.max(0, now - outage.since))}, ${formatNumber(outage.attempts)} failed attempt${outage.attempts === 1 ? '' : 's'}${retry ? `; ${retry}` : ''}. Polling backs off while it is down.`;
}

/**
 * The wait before a view polls `service` again: its interval, or — while the core reports the
 * service unreachable — until the core's next retry, so views back off with the core's polls.
 */
export function outageWait(outages: readonly ServiceOutage[], service: string, intervalMs: number, now: number): number {
  const outage = outages.find((o) => o.service === service);
  if (!outage?.nextRetryAt) return intervalMs;
  return Math.max(intervalMs, outage.nextRetryAt - now);
}
