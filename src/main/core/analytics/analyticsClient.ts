/**
 * The typed client of the analytics service (`/v2`): one method per route, each through the one
 * HttpClient (so through the rate-budget gate and its analytics windows), each answer checked
 * (responseChecks.ts) and each error mapped from the spec's body (analyticsErrors.ts).
 */
import type {
  ActivityRow, AnalyticsPagination, ApprovalRow, BiggestWinnerRow, BoardPeriod, BuilderLeaderboardRow, BuilderVolumeRow,
  ClosedPositionRow, ComboActivityRow, ComboPositionRow, HolderRow, LeaderboardRow, OpenInterestRow, PositionRow, PricePointRow, TradeRow,
} from '../../../shared/protocol/analytics';
import type { HttpClient, HttpRequest } from '../net/httpClient';
import type { BudgetPriority } from '../../../shared/viewModels';
import { mapAnalyticsError } from './analyticsErrors';
import { activityQuery, type ActivityQuery, type Query } from './activityQuery';
import { checkEnvelope, checkPagination, checkRows, type RowCheck } from './responseChecks';
import * as rows from './rowChecks';

export interface Paged<T> {
  rows: T[];
  pagination: AnalyticsPagination;
}

export interface PageRequest {
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
  /** The rate budget's queue place: history walks pass 'background' (default 'interactive'). */
  priority?: BudgetPriority;
}

export interface TradesQuery {
  user?: string;
  conditions?: string[];
  start?: number;
  end?: number;
  side?: 'BUY' | 'SELL';
}

const cursorOf = (request: PageRequest): Query => ({ ...(request.cursor ? { cursor: request.cursor } : {}), limit: request.limit });
const joined = (values?: readonly string[]) => (values && values.length > 0 ? values.join(',') : undefined);
const tradesParams = (query: TradesQuery): Query => ({ user: query.user, condition: joined(query.conditions), side: query.side, start: query.start, end: query.end });

export class AnalyticsClient {
  constructor(private readonly http: HttpClient) {}

  activity(query: ActivityQuery, page: PageRequest = {}): Promise<Paged<ActivityRow>> {
    return this.page('/v2/activity', { ...activityQuery(query), ...cursorOf(page) }, rows.activityRow, page.signal, page.priority);
  }

  /** As `activity`, the body unchecked and unparsed: a history walk's writer thread parses and checks it (walkPageParse.ts). */
  activityText(query: ActivityQuery, page: PageRequest = {}): Promise<string> {
    return this.text('/v2/activity', { ...activityQuery(query), ...cursorOf(page) }, page.signal, page.priority);
  }

  comboActivity(user: string, conditions: string[] | undefined, page: PageRequest = {}): Promise<Paged<ComboActivityRow>> {
    return this.page('/v2/activity/combos', { user, condition: joined(conditions), ...cursorOf(page) }, rows.comboActivityRow, page.signal);
  }

  approvals(user: string, signal?: AbortSignal): Promise<ApprovalRow[]> {
    return this.list('/v2/approvals', { user }, rows.approvalRow, signal);
  }

  biggestWinners(period: BoardPeriod, category: string, page: PageRequest = {}): Promise<Paged<BiggestWinnerRow>> {
    return this.page('/v2/biggest-winners', { time_period: period, category, ...cursorOf(page) }, rows.winnerRow, page.signal);
  }

  buildersLeaderboard(period: BoardPeriod, page: PageRequest = {}): Promise<Paged<BuilderLeaderboardRow>> {
    return this.page('/v2/builders/leaderboard', { time_period: period, ...cursorOf(page) }, rows.builderRankRow, page.signal);
  }

  builderVolume(interval: BoardPeriod, buckets: number, signal?: AbortSignal): Promise<BuilderVolumeRow[]> {
    return this.list('/v2/builders/volume', { interval, limit: buckets }, rows.builderVolumeRow, signal);
  }

  positions(user: string, page: PageRequest = {}): Promise<Paged<PositionRow>> {
    return this.page('/v2/positions', { user, ...cursorOf(page) }, rows.positionRow, page.signal, page.priority);
  }

  closedPositions(user: string, page: PageRequest = {}): Promise<Paged<ClosedPositionRow>> {
    return this.page('/v2/closed-positions', { user, ...cursorOf(page) }, rows.closedPositionRow, page.signal);
  }

  /** Combo positions folded from the wallet's combo lifecycles (`status`: all, open, closed, redeemed). */
  comboPositions(user: string, status: 'all' | 'open' | 'closed' | 'redeemed' = 'all', page: PageRequest = {}): Promise<Paged<ComboPositionRow>> {
    return this.page('/v2/positions/combos', { user, status, ...cursorOf(page) }, rows.comboPositionRow, page.signal, page.priority);
  }

  trades(query: TradesQuery, page: PageRequest = {}): Promise<Paged<TradeRow>> {
    return this.page('/v2/trades', { ...tradesParams(query), ...cursorOf(page) }, rows.tradeRow, page.signal, page.priority);
  }

  /** As `trades`, the body unchecked and unparsed (see activityText). */
  tradesText(query: TradesQuery, page: PageRequest = {}): Promise<string> {
    return this.text('/v2/trades', { ...tradesParams(query), ...cursorOf(page) }, page.signal, page.priority);
  }

  /** Traders ranked in `period` by P&L (the service's default) or by volume (`order_by`). */
  leaderboard(period: BoardPeriod, orderBy: 'PNL' | 'VOL' = 'PNL', page: PageRequest = {}): Promise<Paged<LeaderboardRow>> {
    return this.page('/v2/leaderboard', { time_period: period, order_by: orderBy, ...cursorOf(page) }, rows.leaderboardRow, page.signal);
  }

  openInterest(conditions: string[], signal?: AbortSignal): Promise<OpenInterestRow[]> {
    return this.list('/v2/oi', { condition: joined(conditions) }, rows.openInterestRow, signal);
  }

  /** Daily (or `fidelity`-minute) points of one outcome token; the service rejects a `0` bound. */
  pricesHistory(tokenId: string, start: number, end: number, fidelityMinutes: number, signal?: AbortSignal): Promise<PricePointRow[]> {
    return this.list('/v2/prices-history', { token_id: tokenId, start, end, fidelity: fidelityMinutes }, rows.pricePointRow, signal);
  }

  holders(tokenId: string, page: PageRequest = {}): Promise<Paged<HolderRow>> {
    return this.page('/v2/holders', { token_id: tokenId, ...cursorOf(page) }, rows.holderRow, page.signal);
  }

  private async page<T>(path: string, query: Query, check: RowCheck<T>, signal?: AbortSignal, priority?: BudgetPriority): Promise<Paged<T>> {
    const body = checkEnvelope(path, await this.get(path, query, signal, priority));
    return { pagination: checkPagination(path, body), rows: checkRows(path, body.data, check) };
  }

  private async list<T>(path: string, query: Query, check: RowCheck<T>, signal?: AbortSignal): Promise<T[]> {
    const body = checkEnvelope(path, await this.get(path, query, signal));
    return checkRows(path, body.data, check);
  }

  private get(path: string, query: Query, signal?: AbortSignal, priority?: BudgetPriority): Promise<unknown> {
    return this.request(path, query, signal, priority, (request) => this.http.requestJson<unknown>(request));
  }

  private text(path: string, query: Query, signal?: AbortSignal, priority?: BudgetPriority): Promise<string> {
    return this.request(path, query, signal, priority, (request) => this.http.requestText(request));
  }

  private async request<T>(path: string, query: Query, signal: AbortSignal | undefined, priority: BudgetPriority | undefined, send: (request: HttpRequest) => Promise<T>): Promise<T> {
    try {
      return await send({ service: 'analytics', method: 'GET', path, query, ...(signal ? { signal } : {}), ...(priority ? { priority } : {}) });
    } catch (error) {
      throw mapAnalyticsError(error);
    }
  }
}
