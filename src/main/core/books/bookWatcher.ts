/**
 * Live books without a push channel: each renderer tells main which books it shows, main
 * polls the union with batched `POST /books` within the rate budget and pushes the books whose
 * hash changed. Polling stops by itself when nobody watches anything, and backs off while the
 * order-book service is unreachable (PollLoop, OutageTracker).
 */
import { CLOB_BATCH_READ_MAX, type ClobBook } from '../../../shared/protocol/clob';
import type { OrderBookView } from '../../../shared/viewModels';
import type { HttpClient } from '../net/httpClient';
import type { Logger } from '../log';
import { realLoopClock, type LoopClock } from '../status/backoff';
import type { OutageTracker } from '../status/outageTracker';
import { PollLoop } from '../status/pollLoop';
import { toOrderBookView } from './bookMapping';

export interface BookWatcherOptions {
  http: HttpClient;
  log: Logger;
  onBooks: (books: OrderBookView[]) => void;
  intervalMs?: number;
  outages: OutageTracker;
  clock?: LoopClock;
}

export class BookWatcher {
  private readonly watchedByClient = new Map<string, string[]>();
  private readonly lastHash = new Map<string, string>();
  private polling = false;
  private stopped = false;
  private readonly loop: PollLoop;

  constructor(private readonly options: BookWatcherOptions) {
    this.loop = new PollLoop({
      service: 'clob',
      intervalMs: options.intervalMs ?? 1_000,
      clock: options.clock ?? realLoopClock,
      outages: options.outages,
      task: () => this.pollOnce(),
      active: () => this.watchedByClient.size > 0,
    });
  }

  /** Replaces what `clientId` watches and returns the current books right away. */
  async watch(clientId: string, tokenIds: readonly string[]): Promise<OrderBookView[]> {
    const unique = [...new Set(tokenIds)];
    if (unique.length === 0) this.watchedByClient.delete(clientId);
    else this.watchedByClient.set(clientId, unique);
    this.pruneHashes();
    this.schedule();
    if (unique.length === 0) return [];
    const books = await this.fetchBooks(unique);
    for (const book of books) this.lastHash.set(book.tokenId, book.hash);
    return books;
  }

  forgetClient(clientId: string): void {
    this.watchedByClient.delete(clientId);
    this.pruneHashes();
  }

  watchedTokenIds(): string[] {
    return [...new Set([...this.watchedByClient.values()].flat())];
  }

  stop(): void {
    this.stopped = true;
    this.loop.stop();
  }

  private schedule(): void {
    if (!this.stopped) this.loop.kick();
  }

  private async pollOnce(): Promise<void> {
    const tokenIds = this.watchedTokenIds();
    if (this.polling || tokenIds.length === 0) return;
    this.polling = true;
    try {
      const books = await this.fetchBooks(tokenIds);
      const changed = books.filter((book) => this.lastHash.get(book.tokenId) !== book.hash);
      for (const book of changed) this.lastHash.set(book.tokenId, book.hash);
      if (changed.length > 0 && !this.stopped) this.options.onBooks(changed);
    } catch (error) {
      // The outage tracker reflects the failure in the status bar and paces the next poll.
      this.options.log.warn(`book poll failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.polling = false;
    }
  }

  private async fetchBooks(tokenIds: readonly string[]): Promise<OrderBookView[]> {
    const views: OrderBookView[] = [];
    for (let start = 0; start < tokenIds.length; start += CLOB_BATCH_READ_MAX) {
      const chunk = tokenIds.slice(start, start + CLOB_BATCH_READ_MAX);
      const books = await this.options.http.requestJson<ClobBook[]>({
        service: 'clob',
        method: 'POST',
        path: '/books',
        bodyText: JSON.stringify(chunk.map((token_id) => ({ token_id }))),
      });
      if (Array.isArray(books)) views.push(...books.map(toOrderBookView));
    }
    return views;
  }

  private pruneHashes(): void {
    const watched = new Set(this.watchedTokenIds());
    for (const tokenId of this.lastHash.keys()) if (!watched.has(tokenId)) this.lastHash.delete(tokenId);
  }
}
