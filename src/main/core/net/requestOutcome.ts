/**
 * What a request's ending says about its service, for the status (ConnectionMonitor,
 * OutageTracker): answered normally, unreachable, or answering in trouble; counted per budget scope.
 */
import type { EdgeWindow } from '../../../shared/protocol/edgeLimits';
import type { ServiceName } from './serviceNames';

export interface RequestOutcome {
  service: ServiceName;
  /** The service answered as a working service does (2xx, or a 4xx other than 429 about the request itself). */
  ok: boolean;
  /** Set when the request failed without a usable answer from the service. */
  transportFailure?: boolean;
  /** An answer that shows the service in trouble, in a few words: a 5xx, a 429, a malformed or cut-off body. */
  trouble?: string;
  /** The request's tightest budget scope (its route's, else the service's): trouble is counted per scope. */
  scope?: string;
}

/** The window with the fewest requests per second among a route's: its own (`/books`), else the service's. */
export function tightestWindow(windows: readonly EdgeWindow[]): EdgeWindow | undefined {
  return [...windows].sort((a, b) => a.limit / a.windowMs - b.limit / b.windowMs)[0];
}

/**
 * What an error status says about the service: a gateway's 502/504 that the service behind it
 * could not be reached; another 5xx or a 429 that it is in trouble (an exchange-mode 503 among
 * them: a mode that refuses reads too is trouble all the same); a 425 (the engine restarting,
 * shown by the exchange mode) nothing either way; any other 4xx that it works and refused the request.
 */
export function outcomeOfStatus(service: ServiceName, status: number): RequestOutcome {
  if (status === 502 || status === 504) return { service, ok: false, transportFailure: true };
  if (status === 429) return { service, ok: false, trouble: 'too many requests (429)' };
  if (status >= 500) return { service, ok: false, trouble: `errors (HTTP ${status})` };
  return { service, ok: status !== 425 };
}
