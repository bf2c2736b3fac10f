/**
 * The typed perps exchange client: one method per route of src/shared/protocol/perps.ts. Every
 * request goes through the core's HTTP client (so through the weighted rate budget); key-header
 * routes ask `credentials` for the proxy address and secret right before the request, and the
 * secret lives only in that request's headers, which go only to the origin that created the
 * proxy. Every answer is checked (perpsAnswers.ts), and a refusal becomes a sentence
 * (perpsErrors.ts). Public reads (routes with no auth: the tape, the assets, the exchange facts)
 * are shared between the windows that ask them at once and reused for a moment after they are
 * answered (sharedReads.ts); key-header and signed routes never are.
 */
import { PERPS_QUERY, PERPS_ROUTES, PERPS_PROXY_HEADER, PERPS_SECRET_HEADER, type PerpsEquityInterval, type PerpsRouteName } from '../../../shared/protocol/perps';
import type { ProxyCredentials } from '../accounts/proxyKeys';
import type { BudgetPriority } from '../../../shared/viewModels';
import type { HttpClient } from '../net/httpClient';
import { parsePerpsAnswer, type PerpsAnswer, type perpsAnswerSchemas } from './perpsAnswers';
import { perpsRefusal } from './perpsErrors';
import { SharedReads } from './sharedReads';

/**
 * How long a public answer is handed out again: half the shortest poll of a view that shows one
 * (the trade tape's 3 s, views/perps/TradeTape.tsx), so windows polling a moment apart share it
 * and none shows a tape more than 1.5 s older than its own poll would have read.
 */
export const PUBLIC_READ_REUSE_MS = 1_500;

export interface PerpsClientOptions {
  /** How long (ms) a public answer is reused; PUBLIC_READ_REUSE_MS unless a test sets one. */
  publicReuseMs?: number;
  /** Monotonic clock of that reuse (performance.now by default). */
  now?: () => number;
}

/** Reads the account's active proxy credentials from the vault, at the moment of sending. */
export type PerpsCredentials = () => Promise<ProxyCredentials>;

export interface PerpsRange {
  startMs?: number;
  endMs?: number;
  limit?: number;
}

interface Call {
  route: PerpsRouteName;
  credentials?: PerpsCredentials;
  /** For a signed body without key headers: the one origin it may go to (the signing proxy's). */
  boundOrigin?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The budget queue's place (budgetPriorities.ts): history walks run as background work (last,
   * transient failures retried); writes the user confirmed (transfers, invite, referral) go as
   * `order`, ahead of reads; reads the views wait on are interactive (the default).
   */
  priority?: BudgetPriority;
  action: string;
}

const rangeQuery = (range: PerpsRange) => ({
  [PERPS_QUERY.start]: range.startMs,
  [PERPS_QUERY.end]: range.endMs,
  [PERPS_QUERY.limit]: range.limit,
});

export class PerpsClient {
  private readonly shared: SharedReads;

  constructor(
    private readonly http: HttpClient,
    options: PerpsClientOptions = {},
  ) {
    this.shared = new SharedReads({ reuseMs: options.publicReuseMs ?? PUBLIC_READ_REUSE_MS, ...(options.now ? { now: options.now } : {}) });
  }

  exchange(): Promise<PerpsAnswer<'exchange'>> {
    return this.call('exchange', { route: 'exchange', action: 'the exchange information request' });
  }

  assets(): Promise<PerpsAnswer<'assets'>> {
    return this.call('assets', { route: 'assets', action: 'the collateral asset list request' });
  }

  trades(instrumentId: number, range: PerpsRange = {}, signal?: AbortSignal): Promise<PerpsAnswer<'trades'>> {
    return this.call('trades', {
      route: 'trades', action: 'the public trades request', query: { [PERPS_QUERY.instrument]: instrumentId, ...rangeQuery(range) }, ...(signal ? { signal } : {}),
    });
  }

  transfers(credentials: PerpsCredentials, range: PerpsRange, signal?: AbortSignal): Promise<PerpsAnswer<'transfers'>> {
    return this.call('transfers', {
      route: 'transfers', credentials, action: 'the transfer history request', query: rangeQuery(range), priority: 'background', ...(signal ? { signal } : {}),
    });
  }

  funding(credentials: PerpsCredentials, range: PerpsRange & { instrumentId?: number }, signal?: AbortSignal): Promise<PerpsAnswer<'funding'>> {
    return this.call('funding', {
      route: 'funding', credentials, action: 'the funding history request', query: { [PERPS_QUERY.instrument]: range.instrumentId, ...rangeQuery(range) },
      priority: 'background', ...(signal ? { signal } : {}),
    });
  }

  equity(credentials: PerpsCredentials, interval: PerpsEquityInterval, range: PerpsRange, signal?: AbortSignal): Promise<PerpsAnswer<'equity'>> {
    return this.call('equity', {
      route: 'equity', credentials, action: 'the equity history request', query: { [PERPS_QUERY.interval]: interval, ...rangeQuery(range) }, ...(signal ? { signal } : {}),
    });
  }

  readReferral(credentials: PerpsCredentials): Promise<PerpsAnswer<'referral'>> {
    return this.call('referral', { route: 'readReferral', credentials, action: 'the referral read' });
  }

  /** The invite route: a write the user asked for queues as an order; the first look's read of the cooldown as a view read. */
  invite(credentials: PerpsCredentials, priority: BudgetPriority = 'order'): Promise<PerpsAnswer<'invite'>> {
    return this.call('invite', { route: 'invite', credentials, body: {}, action: 'the invite code request', priority });
  }

  applyReferral(credentials: PerpsCredentials, code: string): Promise<PerpsAnswer<'ok'>> {
    return this.call('ok', { route: 'applyReferral', credentials, body: { code }, action: 'the referral code', priority: 'order' });
  }

  /**
   * Posts an already-signed internal transfer exactly as given (the bytes signed are the bytes
   * sent, and a resend sends the same bytes), to the origin of the proxy that signed it only. Refusals come back as CoreErrors with the
   * exchange's `service.transferId` intact for the caller's resend rule.
   */
  internalTransfer(bodyText: string, boundOrigin: string): Promise<PerpsAnswer<'transfer'>> {
    return this.call('transfer', { route: 'internalTransfer', body: bodyText, boundOrigin, action: 'the transfer', priority: 'order' });
  }

  private async call<K extends keyof typeof perpsAnswerSchemas>(kind: K, call: Call): Promise<PerpsAnswer<K>> {
    const route = PERPS_ROUTES[call.route];
    const label = `${route.method} ${route.path}`;
    try {
      if (route.auth !== 'none' || route.method !== 'GET' || call.credentials || call.body !== undefined) {
        return await this.send(kind, call, label, call.signal);
      }
      const what = call.action.charAt(0).toUpperCase() + call.action.slice(1);
      return await this.shared.read(publicReadKey(label, call.query), what, (signal) => this.send(kind, call, label, signal), call.signal);
    } catch (error) {
      throw perpsRefusal(error, call.action);
    }
  }

  private async send<K extends keyof typeof perpsAnswerSchemas>(kind: K, call: Call, label: string, signal: AbortSignal | undefined): Promise<PerpsAnswer<K>> {
    const route = PERPS_ROUTES[call.route];
    const headers: Record<string, string> = {};
    let boundOrigin = call.boundOrigin;
    if (call.credentials) {
      const { proxyAddress, secret, origin } = await call.credentials();
      headers[PERPS_PROXY_HEADER] = proxyAddress;
      headers[PERPS_SECRET_HEADER] = secret;
      boundOrigin = origin;
    }
    const answer = await this.http.requestJson<unknown>({
      service: 'perps',
      method: route.method,
      path: route.path,
      headers,
      ...(boundOrigin !== undefined ? { boundOrigin } : {}),
      ...(call.query ? { query: call.query } : {}),
      ...(call.body !== undefined ? { bodyText: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) } : {}),
      ...(signal ? { signal } : {}),
      ...(call.priority ? { priority: call.priority } : {}),
    });
    return parsePerpsAnswer(kind, label, answer);
  }
}

/** The identity of a public read: its route and its query, parameters in name order, unset ones left out. */
function publicReadKey(label: string, query: Call['query'] = {}): string {
  const set = Object.entries(query).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${label}?${new URLSearchParams(set.map(([name, value]): [string, string] => [name, String(value)])).toString()}`;
}
