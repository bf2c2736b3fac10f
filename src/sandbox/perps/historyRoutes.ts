/**
 * Account history behind the key headers, each settling the account's funding first:
 *   GET /v1/account/funding ?instrument_id&start_time&end_time&limit → {data: [funding records], more}
 *       (at most 100, newest first, never ending inside a millisecond; instrument_id optional, filters)
 *   GET /v1/account/equity  ?interval&start_time&end_time&limit → {data: [[ts, equity]], more}
 *       (at most 1000, newest first, one point per kline boundary; interval required)
 * `end_time` defaults to now; equity never reaches past now.
 */
import { PERPS_LIST_CAPS, PERPS_ROUTES, type PerpsFundingRecord } from '../../shared/protocol/perps';
import { ok } from '../http/reply';
import type { Router } from '../http/router';
import { equityPoints } from './equityHistory';
import { pageByMillisecond } from './listPage';
import { parseInstrument, parseInterval, parseListWindow } from './listQuery';
import { openAccount, type PerpsState } from './perpsState';
import { authenticateProxy } from './proxyAuth';

export function addHistoryRoutes(router: Router, state: PerpsState): Router {
  return router
    .on('GET', PERPS_ROUTES.funding.path, (ctx) => {
      const auth = authenticateProxy(ctx, state);
      if (!auth.ok) return auth.reply;
      const nowMs = state.now();
      const window = parseListWindow(ctx.query, PERPS_LIST_CAPS.funding, nowMs);
      if (!window.ok) return window.reply;
      const instrument = parseInstrument(ctx.query, false);
      if (!instrument.ok) return instrument.reply;
      const { book } = openAccount(state, auth.identity.account.address, nowMs);
      const { startMs, endMs, limit } = window.value;
      const wanted = instrument.value?.id;
      // Records are appended in time order (one settle covers boundaries in order), so walk back.
      function* newestFirst(): Generator<PerpsFundingRecord> {
        for (let i = book.funding.length - 1; i >= 0; i -= 1) {
          const record = book.funding[i] as PerpsFundingRecord;
          if (record.timestamp < startMs) return;
          if (record.timestamp <= endMs && (wanted === undefined || record.instrument_id === wanted)) yield record;
        }
      }
      return ok(pageByMillisecond(newestFirst(), limit, (record) => record.timestamp));
    })
    .on('GET', PERPS_ROUTES.equity.path, (ctx) => {
      const auth = authenticateProxy(ctx, state);
      if (!auth.ok) return auth.reply;
      const nowMs = state.now();
      const interval = parseInterval(ctx.query);
      if (!interval.ok) return interval.reply;
      const window = parseListWindow(ctx.query, PERPS_LIST_CAPS.equity, nowMs);
      if (!window.ok) return window.reply;
      const { book } = openAccount(state, auth.identity.account.address, nowMs);
      const { startMs, endMs, limit } = window.value;
      return ok(equityPoints(state.book, book, interval.value, startMs, Math.min(endMs, nowMs), limit));
    });
}
