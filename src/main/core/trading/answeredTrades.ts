/**
 * The trades a placement's answer names (`tradeIDs`: the order matched at once, as a taker), read
 * by id from `/data/trades` so they can be pushed as `accountTradesAdded` when the answer
 * arrives. Without it a taker fill reaches Trades only after the next fill-notification poll and
 * a walk of the whole trade history. An answer naming more trades than this leaves them to that
 * walk rather than spend a read on each.
 */
import type { PlacedOrder, TradeView } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { AuthenticatedClob } from './authenticatedClob';
import { toTradeViews } from './orderViews';
import type { Page } from './pagedWalk';

export const MAX_ANSWERED_TRADES = 10;

export async function readAnsweredTrades(clob: AuthenticatedClob, account: StoredAccount, placed: readonly PlacedOrder[]): Promise<TradeView[]> {
  const ids = [...new Set(placed.filter((p) => p.success).flatMap((p) => p.tradeIds))];
  if (ids.length === 0 || ids.length > MAX_ANSWERED_TRADES) return [];
  const pages = await Promise.all(ids.map((id) => clob.request<Page<Record<string, unknown>>>(account, { method: 'GET', path: '/data/trades', query: { id } })));
  const rows = pages.flatMap((page) => (Array.isArray(page?.data) ? page.data : []));
  return rows.flatMap((row) => toTradeViews(row, account.funder ?? account.address));
}
