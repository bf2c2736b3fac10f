/**
 * What the reference client asks the order book before it signs a market order, asked the same
 * way: the market a token belongs to (`GET /markets-by-token/{token_id}`, then
 * `GET /markets/{condition_id}` for its state and fees) and the fee rate a version-1 order signs
 * (`GET /fee-rate?token_id=` → `{base_fee}`). Every call goes through the HTTP client, so it
 * waits in the rate budget under the order-book windows its path has (edgeLimits.ts: the
 * general order-book and all-endpoints windows; the spec names no narrower line for these).
 *
 * A token's market never changes, so the condition id is kept for the session; fees and the
 * accepting-orders flag can, so those answers are kept for a minute.
 */
import type { OrderTicket } from '../../../shared/tradingViews';
import { CoreError } from '../coreError';
import type { HttpClient } from '../net/httpClient';

export interface TokenMarket {
  conditionId: string;
  acceptingOrders: boolean;
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
  /** Market orders only: the market's taker fee and matching delay. */
  market: TokenMarket | null;
  /** Why the exchange would refuse it, or null. */
  problem: string | null;
}

/** FOK and FAK orders, and BUYs sized in dollars, are the reference client's market orders. */
export const isMarketOrder = (ticket: OrderTicket): boolean => ticket.amount !== undefined || ticket.orderType === 'FOK' || ticket.orderType === 'FAK';

export async function ticketMarketFacts(lookup: MarketLookup, ticket: OrderTicket, orderVersion: 1 | 2): Promise<TicketMarketFacts> {
  const [market, feeRateBps] = await Promise.all([
    isMarketOrder(ticket) ? lookup.marketOfToken(ticket.tokenId) : null,
    orderVersion === 1 ? lookup.feeRateBps(ticket.tokenId) : 0n,
  ]);
  const problem = market && !market.acceptingOrders ? 'The market is not accepting orders right now.' : null;
  return { feeRateBps, market, problem };
}
