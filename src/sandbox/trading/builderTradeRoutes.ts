/**
 * GET /builder/trades — the trades attributed to a builder (spec "Credentials and builder keys"):
 *   auth: the builder headers SVC_BUILDER_API_KEY, SVC_BUILDER_PASSPHRASE, SVC_BUILDER_TIMESTAMP,
 *     SVC_BUILDER_SIGNATURE (clob/auth/builderAuth.ts; HMAC over timestamp + "GET" +
 *     "/builder/trades", no query); missing, wrong, unknown or revoked → 401
 *     `Unauthorized/Invalid api key`
 *   query (all optional): market (condition id, bytes32 hex), asset_id (decimal token id),
 *     id (trade id), maker_address (the order's funder), before / after (unix seconds, exclusive,
 *     on the match time), builder_code (must be the authenticated key's own code), next_cursor
 *     (`MA==` first … `LTE=` end, paging.ts)
 *   200 {data: [BuilderTrade], next_cursor, limit, count} newest first, one row per order of a
 *     trade that carried the key's builder code in its v2 `builder` field (builderTradeWire.ts)
 *   400 `invalid builder trade params` (a filter or the cursor malformed, or another builder's code)
 *   500 `could not fetch builder trades` (an unexpected failure)
 */
import { isAddress } from 'viem';
import type { TickSize } from '../../shared/protocol/clob';
import { verifyBuilderHeaders } from '../clob/auth/builderAuth';
import type { BuilderKeyStore } from '../clob/auth/builderKeyStore';
import { invalidApiKey } from '../clob/auth/l2Auth';
import { CLOB_MESSAGES, clobError } from '../clob/clobErrors';
import type { Exchange } from '../clob/exchange';
import { isTokenId } from '../clob/readParams';
import { ok, type Reply } from '../http/reply';
import type { RequestContext, Router } from '../http/router';
import { builderRowsOf, builderTradeJson, type BuilderTradeRow } from './builderTradeWire';
import { decodeCursor, pageOf } from './paging';
import type { TradingDesk } from './tradingDesk';

export interface BuilderTradeDeps {
  desk: TradingDesk;
  exchange: Exchange;
  builders: BuilderKeyStore;
  pageSize: number;
  now?: () => number;
}

interface Filters {
  market?: string;
  asset_id?: string;
  id?: string;
  maker_address?: string;
  before?: number;
  after?: number;
  builder_code?: string;
}

const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const SECONDS = /^\d{1,12}$/;

const VALID: Readonly<Record<keyof Filters, (value: string) => boolean>> = {
  market: (v) => BYTES32.test(v),
  asset_id: (v) => isTokenId(v),
  id: (v) => v.length <= 128,
  maker_address: (v) => isAddress(v, { strict: false }),
  before: (v) => SECONDS.test(v),
  after: (v) => SECONDS.test(v),
  builder_code: (v) => BYTES32.test(v),
};

/** The query's filters, lower-cased where case does not matter; null when one is malformed. */
function filtersOf(query: URLSearchParams): Filters | null {
  const out: Filters = {};
  for (const name of Object.keys(VALID) as Array<keyof Filters>) {
    const value = query.get(name);
    if (value === null || value === '') continue;
    if (!VALID[name](value)) return null;
    if (name === 'before' || name === 'after') out[name] = Number(value);
    else out[name] = name === 'asset_id' ? value : value.toLowerCase();
  }
  return out;
}

function keep(row: BuilderTradeRow, f: Filters): boolean {
  const at = Math.floor(row.trade.matchTimeMs / 1000);
  return (f.market === undefined || row.trade.market.toLowerCase() === f.market)
    && (f.asset_id === undefined || row.tokenId === f.asset_id)
    && (f.id === undefined || row.trade.id.toLowerCase() === f.id)
    && (f.maker_address === undefined || row.funder === f.maker_address)
    && (f.before === undefined || at < f.before) && (f.after === undefined || at > f.after);
}

export function addBuilderTradeRoutes(router: Router, deps: BuilderTradeDeps): Router {
  const now = deps.now ?? Date.now;
  const tickOf = (conditionId: string): TickSize => deps.exchange.market(conditionId)?.market.tickSize ?? '0.01';
  return router.on('GET', '/builder/trades', (ctx: RequestContext): Reply => {
    const auth = verifyBuilderHeaders(ctx, deps.builders, now());
    if (auth.kind !== 'ok') return invalidApiKey();
    const { builderCode: code, address: owner } = auth.key;
    const filters = filtersOf(ctx.query);
    const offset = decodeCursor(ctx.query.get('next_cursor'));
    if (filters === null || offset === null || (filters.builder_code !== undefined && filters.builder_code !== code)) {
      return clobError(400, CLOB_MESSAGES.invalidBuilderTradeParams);
    }
    try {
      const rows = deps.desk.trades.forBuilder(code).flatMap((trade) => builderRowsOf(trade, code)).filter((row) => keep(row, filters));
      const page = pageOf(rows, offset, deps.pageSize);
      return ok({ ...page, data: page.data.map((row) => builderTradeJson(row, code, owner, tickOf(row.trade.market))) });
    } catch {
      return clobError(500, CLOB_MESSAGES.couldNotFetchBuilderTrades);
    }
  });
}
