/**
 * Order books as React sees them. Updates arrive far more often than a screen can show, so this
 * store is written only by the frame publisher in liveBooks.ts, at most once per animation frame;
 * components select one book each, so a Yes update never re-renders the No side.
 */
import { create } from 'zustand';
import type { OrderBookView } from '../../shared/viewModels';
import type { BridgeError } from '../../shared/result';

export interface BookState {
  /** Latest published book per watched token id. */
  books: Readonly<Record<string, OrderBookView>>;
  /** Token ids this window asked main to poll. */
  watched: readonly string[];
  watchPhase: 'idle' | 'loading' | 'ready' | 'error';
  watchError: BridgeError | null;
}

export const useBookStore = create<BookState>()(() => ({
  books: {},
  watched: [],
  watchPhase: 'idle',
  watchError: null,
}));

export const selectBook =
  (tokenId: string) =>
  (s: BookState): OrderBookView | undefined =>
    s.books[tokenId];

export const selectWatchProblem = (s: BookState): BridgeError | null => (s.watchPhase === 'error' ? s.watchError : null);
export const selectWatchLoading = (s: BookState): boolean => s.watchPhase === 'loading';
