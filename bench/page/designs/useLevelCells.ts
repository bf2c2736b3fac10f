/**
 * The ladder's narrow subscriptions: each returns a primitive for one price, so zustand
 * re-renders a cell only when its own value changed, however often the book is published.
 */
import { useBookStore } from '../../../src/renderer/stores/bookStore';
import { useOpenOrdersStore } from '../../../src/renderer/stores/openOrdersStore';
import { bookIndex, ownIndex } from '../../../src/renderer/views/ladder/levelIndex';

export type LadderSide = 'bid' | 'ask';

/** The size resting at this price on one side, '' when the level is empty. */
export function useLevelSize(tokenId: string, side: LadderSide, key: string): string {
  return useBookStore((s) => {
    const book = s.books[tokenId];
    if (!book) return '';
    const index = bookIndex(book);
    return (side === 'bid' ? index.bids : index.asks).get(key) ?? '';
  });
}

/** The level's depth bar as a share of the book's largest level, in 5 % steps (small moves do not re-render). */
export function useLevelDepth(tokenId: string, side: LadderSide, key: string): number {
  return useBookStore((s) => {
    const book = s.books[tokenId];
    if (!book) return 0;
    const index = bookIndex(book);
    const size = Number((side === 'bid' ? index.bids : index.asks).get(key) ?? 0);
    return index.largest > 0 ? Math.round((size / index.largest) * 20) * 5 : 0;
  });
}

/** Which side rests at this price ('' for an empty level), and whether it is the touch. */
export function useLevelRole(tokenId: string, key: string): string {
  return useBookStore((s) => {
    const book = s.books[tokenId];
    if (!book) return '';
    const index = bookIndex(book);
    if (index.bestBid === key) return 'best-bid';
    if (index.bestAsk === key) return 'best-ask';
    if (index.bids.has(key)) return 'bid';
    if (index.asks.has(key)) return 'ask';
    return '';
  });
}

/** The account's working size at this price on one side (0 for none). */
export function useOwnSize(tokenId: string, side: LadderSide, key: string): number {
  return useOpenOrdersStore((s) => (side === 'bid' ? ownIndex(s.orders, tokenId).bids : ownIndex(s.orders, tokenId).asks).get(key)?.size ?? 0);
}

/** How many of the account's orders work at this price on one side. */
export function useOwnCount(tokenId: string, side: LadderSide, key: string): number {
  return useOpenOrdersStore((s) => (side === 'bid' ? ownIndex(s.orders, tokenId).bids : ownIndex(s.orders, tokenId).asks).get(key)?.orderIds.length ?? 0);
}
