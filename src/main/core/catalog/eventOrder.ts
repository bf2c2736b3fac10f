/**
 * The Markets list's sorts over the cached listing. Ties keep the catalog's own order (24 h
 * volume, then id), so a sort never shuffles equal rows between two searches.
 */
import type { EventSort, EventSummary } from '../../../shared/viewModels';

const timeOf = (iso: string | null): number => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : NaN;
};

/** Larger first; NaN (unknown) last. */
const descending = (a: number, b: number) => (Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : Number.isNaN(b) ? -1 : b - a);

type Compare = (a: EventSummary, b: EventSummary, nowMs: number) => number;

const COMPARES: Record<EventSort, Compare> = {
  volume24hr: (a, b) => descending(a.volume24hr, b.volume24hr),
  volume: (a, b) => descending(a.volume, b.volume),
  liquidity: (a, b) => descending(a.liquidity, b.liquidity),
  newest: (a, b) => descending(timeOf(a.createdAt), timeOf(b.createdAt)),
  // The next to end first; events already past their end (or resolved) go after every open one.
  endingSoon: (a, b, nowMs) => {
    const left = (e: EventSummary) => {
      const end = timeOf(e.endDate);
      return e.closed || e.ended || Number.isNaN(end) || end <= nowMs ? NaN : -end;
    };
    return descending(left(a), left(b));
  },
  // The biggest mover either way: the size of the leading outcome's 24 h change.
  change: (a, b) => descending(Math.abs(a.leading?.change24h ?? NaN), Math.abs(b.leading?.change24h ?? NaN)),
};

export function sortEvents(events: readonly EventSummary[], sort: EventSort, nowMs: number): EventSummary[] {
  const compare = COMPARES[sort];
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => compare(a.event, b.event, nowMs) || a.index - b.index)
    .map(({ event }) => event);
}
