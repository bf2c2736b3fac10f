/**
 * Public routes (no authentication):
 *   GET /v1/info/exchange → the EIP-712 domain {name, version, chain_id, contract}
 *   GET /v1/info/assets   → [collateral assets] (USDC, USDT, WETH; see world/collateral.ts)
 *   GET /v1/info/trades   ?instrument_id (required)&start_time&end_time&limit → {data: [public trades], more}
 *       (at most 100, newest first; generated from the seed, never past now)
 */
import { PERPS_LIST_CAPS, PERPS_ROUTES } from '../../shared/protocol/perps';
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import { parseInstrument, parseListWindow } from './listQuery';
import type { PerpsState } from './perpsState';
import { publicAsset } from './world/collateral';
import { listTrades } from './world/publicTrades';

export function addInfoRoutes(router: Router, state: PerpsState): Router {
  return router
    .on('GET', PERPS_ROUTES.exchange.path, () => ok(state.info))
    .on('GET', PERPS_ROUTES.assets.path, () => ok(state.book.assets.map(publicAsset)))
    .on('GET', PERPS_ROUTES.trades.path, (ctx) => {
      const nowMs = state.now();
      const window = parseListWindow(ctx.query, PERPS_LIST_CAPS.trades, nowMs);
      if (!window.ok) return window.reply;
      const instrument = parseInstrument(ctx.query, true);
      if (!instrument.ok) return instrument.reply;
      if (!instrument.value) return ok({ data: [], more: false });
      const { startMs, endMs, limit } = window.value;
      return ok(listTrades(state.seed, instrument.value, startMs, Math.min(endMs, nowMs), limit));
    });
}
