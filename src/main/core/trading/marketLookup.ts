/**
 * What the order book says about a ticket's market, asked the way the reference client asks it
 * before a market order: the market a token belongs to (`GET /markets-by-token/{token_id}`, then
 * `GET /markets/{condition_id}` for its state, end date and fees) and the fee rate
 * (`GET /fee-rate?token_id=` → `{base_fee}`), which a version-1 order signs and every ticket
 * shows. Every call goes through the HTTP client, so it waits in the rate budget under the
 * order-book windows its path has (edgeLimits.ts: the general order-book and all-endpoints
 * windows; the spec names no narrower line for these).
 *
 * A token's market never changes, so the condition id is kept for the session; fees, state and
 * the accepting-orders flag can, so those answers are kept for a minute.
 */
import { words, type Sentence } from '../../../shared/sentence';
import type { OrderTicket } from '../../../shared/tradingViews';
import { CoreError } from '../coreError';
import type { HttpClient } from '../net/httpClient';

export interface TokenMarket {
  conditionId: string;
  acceptingOrders: boolean;
  /** Resolved or otherwise closed: the exchange takes no orders on it. */
  closed: boolean;
  /** The market's end date (unix ms), or null when it names none. */
  endMs: number | null;
  /** The exchange holds marketable orders this long before matching them (sports markets). */
  secondsDelay: number;
  takerBaseFeeBps: number;
  makerBaseFeeBps: number;
}

const FRESH_MS = 60_000;

interface Timed<T> {
  value: T;
  at: number;
}

const finiteNumber = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function endMsOf(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

export class MarketLookup {
  private readonly conditions = new Map<string, string>();
  private readonly markets = new Map<string, Timed<TokenMarket>>();
  private readonly fees = new Map<string, Timed<bigint>>();

  constructor(
    private readonly http: HttpClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** The market of a token, as the reference client resolves it for a market order. */
  async marketOfToken(tokenId: string): Promise<TokenMarket> {
    const conditionId = this.conditions.get(tokenId) ?? (await this.conditionOf(tokenId));
    const cached = this.markets.get(conditionId);
    if (cached && this.now() - cached.at < FRESH_MS) return cached.value;
    const answer = await this.http.requestJson<Record<string, unknown>>({ service: 'clob', method: 'GET', path: `/markets/${conditionId}` });
    const market: TokenMarket = {
      conditionId,
      acceptingOrders: answer?.accepting_orders === true,
      closed: answer?.closed === true,
      endMs: endMsOf(answer?.end_date_iso),
      secondsDelay: finiteNumber(answer?.seconds_delay),
      takerBaseFeeBps: finiteNumber(answer?.taker_base_fee),
      makerBaseFeeBps: finiteNumber(answer?.maker_base_fee),
    };
    this.markets.set(conditionId, { value: market, at: this.now() });
    return market;
  }

  /** The fee rate (basis points) a version-1 order on this token must sign. */
  async feeRateBps(tokenId: string): Promise<bigint> {
    const cached = this.fees.get(tokenId);
    if (cached && this.now() - cached.at < FRESH_MS) return cached.value;
    const answer = await this.http.requestJson<{ base_fee?: unknown }>({ service: 'clob', method: 'GET', path: '/fee-rate', query: { token_id: tokenId } });
    const fee = answer?.base_fee;
    if (typeof fee !== 'number' || !Number.isSafeInteger(fee) || fee < 0) {
      throw new CoreError('bad_response', 'The order-book service answered the fee rate without a whole number of basis points.');
    }
    this.fees.set(tokenId, { value: BigInt(fee), at: this.now() });
    return BigInt(fee);
  }

  private async conditionOf(tokenId: string): Promise<string> {
    const answer = await this.http.requestJson<{ condition_id?: unknown }>({ service: 'clob', method: 'GET', path: `/markets-by-token/${encodeURIComponent(tokenId)}` });
    const conditionId = answer?.condition_id;
    if (typeof conditionId !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(conditionId)) {
      throw new CoreError('bad_response', 'The order-book service did not say which market this outcome belongs to.');
    }
    this.conditions.set(tokenId, conditionId);
    return conditionId;
  }
}

/** What the exchange's market says about one ticket before it is signed. */
export interface TicketMarketFacts {
  /** Signed by version-1 orders (0 in version 2, which signs no fee). */
  feeRateBps: bigint;
  /** The market's taker fee for the ticket's fee line (`/fee-rate`); null when it could not be read. */
  takerFeeBps: number | null;
  /** The token's market; null when it could not be read (a limit order then goes on without it). */
  market: TokenMarket | null;
  /** Why the exchange would refuse it. */
  problems: Sentence[];
  /** The market's end date when it has passed and the market is not resolved yet (warned, not refused). */
  endedAt: number | null;
}

/** FOK and FAK orders, and BUYs sized in dollars, are the reference client's market orders. */
export const isMarketOrder = (ticket: OrderTicket): boolean => ticket.amount !== undefined || ticket.orderType === 'FOK' || ticket.orderType === 'FAK';

/**
 * Every ticket asks its market (state, fees) and its fee rate, both kept a minute. A market
 * order and a version-1 order cannot go without them, as before; any other order goes on
 * without what could not be read (the exchange still checks), only losing its fee line or warning.
 */
export async function ticketMarketFacts(lookup: MarketLookup, ticket: OrderTicket, orderVersion: 1 | 2, nowMs: number): Promise<TicketMarketFacts> {
  const needsMarket = isMarketOrder(ticket);
  const needsFee = orderVersion === 1;
  const [market, fee] = await Promise.all([
    needsMarket ? lookup.marketOfToken(ticket.tokenId) : lookup.marketOfToken(ticket.tokenId).catch(() => null),
    needsFee ? lookup.feeRateBps(ticket.tokenId) : lookup.feeRateBps(ticket.tokenId).catch(() => null),
  ]);
  const problems: Sentence[] = [];
  if (market?.closed) problems.push(words('The market is closed (resolved): the exchange takes no orders on it.'));
  else if (market && !market.acceptingOrders) problems.push(words('The market is not accepting orders right now.'));
  const ended = market !== null && !market.closed && market.endMs !== null && market.endMs <= nowMs;
  return {
    feeRateBps: needsFee ? (fee as bigint) : 0n,
    takerFeeBps: fee === null ? null : Number(fee),
    market,
    problems,
    endedAt: ended ? market.endMs : null,
  };
}
