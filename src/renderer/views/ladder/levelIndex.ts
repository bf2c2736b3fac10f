/**
 * Per-price lookups the ladder reads: one Map per side of a published book, built once per book
 * object (a WeakMap, so old books take their index with them), and the account's open orders per
 * token and price, built once per open-orders list. The painter then reads one Map per cell, and
 * a row's own orders are the same object until the open orders change (its memo holds).
 */
import { priceKey } from '../../lib/ticks';
import type { OpenOrderView } from '../../../shared/tradingViews';
import type { OrderBookView } from '../../../shared/viewModels';
import { remainingSize } from '../../stores/openOrdersStore';

export interface BookIndex {
  bids: Map<string, string>;
  asks: Map<string, string>;
  bestBid: string | null;
  bestAsk: string | null;
  /** Largest level size in the book, the scale of the depth bars. */
  largest: number;
}

const books = new WeakMap<OrderBookView, BookIndex>();

function sideMap(levels: OrderBookView['bids']): { map: Map<string, string>; largest: number } {
  const map = new Map<string, string>();
  let largest = 0;
  for (const level of levels) {
    map.set(priceKey(level.price), level.size);
    const size = Number(level.size);
    if (size > largest) largest = size;
  }
  return { map, largest };
}

export function bookIndex(book: OrderBookView): BookIndex {
  let index = books.get(book);
  if (!index) {
    const bids = sideMap(book.bids);
    const asks = sideMap(book.asks);
    index = {
      bids: bids.map,
      asks: asks.map,
      bestBid: book.bestBid === null ? null : priceKey(book.bestBid),
      bestAsk: book.bestAsk === null ? null : priceKey(book.bestAsk),
      largest: Math.max(bids.largest, asks.largest),
    };
    books.set(book, index);
  }
  return index;
}

export interface OwnAtPrice {
  size: number;
  /** Oldest first: the one a drag or the amend key picks. */
  orderIds: string[];
}

type OwnByToken = Map<string, { bids: Map<string, OwnAtPrice>; asks: Map<string, OwnAtPrice> }>;
const ownIndexes = new WeakMap<readonly OpenOrderView[], OwnByToken>();

export function ownIndex(orders: readonly OpenOrderView[], tokenId: string): { bids: Map<string, OwnAtPrice>; asks: Map<string, OwnAtPrice> } {
  let byToken = ownIndexes.get(orders);
  if (!byToken) {
    byToken = new Map();
    const sorted = [...orders].sort((a, b) => a.createdAt - b.createdAt);
    for (const order of sorted) {
      let token = byToken.get(order.assetId);
      if (!token) byToken.set(order.assetId, (token = { bids: new Map(), asks: new Map() }));
      const side = order.side === 'BUY' ? token.bids : token.asks;
      const key = priceKey(order.price);
      const level = side.get(key) ?? { size: 0, orderIds: [] };
      level.size += remainingSize(order);
      level.orderIds.push(order.id);
      side.set(key, level);
    }
    ownIndexes.set(orders, byToken);
  }
  return byToken.get(tokenId) ?? { bids: new Map(), asks: new Map() };
}
