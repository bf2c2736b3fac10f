/**
 * Snapshots of the live books for `GET /orderbook-history`. Every `intervalMs` (default 10 s)
 * each book that changed since its last snapshot is recorded for both of its tokens; a book that
 * did not change adds nothing, so a quiet market keeps its older snapshots. The snapshot is the
 * `GET /book` object of that moment (shared with the book cache, not copied).
 *
 * Memory is bounded twice: each token keeps its newest `perToken` snapshots (default 360, an hour
 * of a market that changes every sample), and all of them together stay under `maxBytes`
 * (default 24 MiB, estimated from their levels), the oldest going first whichever token they
 * belong to. With every simulated book moving, an hour of each would be about 450 MB; the byte
 * bound keeps the last few minutes of every book (longer for quiet ones) and is reached within
 * minutes of the start, so a long-running sandbox holds flat.
 */
import type { ClobBook } from '../../shared/protocol/clob';
import { bookJson } from '../clob/bookWire';
import type { Exchange, TokenEntry } from '../clob/exchange';

export const DEFAULT_BOOK_HISTORY_MS = 10_000;
const DEFAULT_PER_TOKEN = 360;
export const DEFAULT_BOOK_HISTORY_BYTES = 24 * 1024 * 1024;

/**
 * What one snapshot keeps alive on the heap, estimated (measured on the simulated books: about
 * 100 bytes a level — an object and two short strings — and a few hundred for the rest).
 */
export const snapshotBytes = (book: ClobBook) => 600 + 100 * (book.bids.length + book.asks.length);

interface Entry {
  tokenId: string;
  book: ClobBook;
  bytes: number;
  dropped: boolean;
}

export class BookHistory {
  /** Per token, oldest first. */
  private readonly byToken = new Map<string, Entry[]>();
  private readonly seenVersion = new Map<string, number>();
  /** Every entry in the order it was taken (dropped ones are skipped, and swept out now and then). */
  private order: Entry[] = [];
  private head = 0;
  private kept = 0;
  private keptBytes = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly exchange: Exchange,
    private readonly intervalMs = DEFAULT_BOOK_HISTORY_MS,
    private readonly perToken = DEFAULT_PER_TOKEN,
    private readonly maxBytes = DEFAULT_BOOK_HISTORY_BYTES,
  ) {}

  /** Takes the opening snapshot and samples from then on. */
  start(): void {
    this.sample();
    if (this.timer) return;
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    // The history must not keep a stopping sandbox (or a test process) alive.
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Records every book whose version moved since its last snapshot. */
  sample(): void {
    for (const entry of this.exchange.liveMarkets()) {
      if (this.seenVersion.get(entry.market.conditionId) === entry.book.version) continue;
      this.seenVersion.set(entry.market.conditionId, entry.book.version);
      for (const tokenId of entry.market.tokenIds) {
        const book = bookJson(this.exchange.token(tokenId) as TokenEntry);
        if (book) this.add(tokenId, book);
      }
    }
    this.trim();
  }

  /** Snapshots and their estimated bytes, for the counters and tests. */
  size(): { snapshots: number; bytes: number } {
    return { snapshots: this.kept, bytes: this.keptBytes };
  }

  /** Snapshots of these tokens taken in [fromMs, toMs], oldest first, at most `limit`. */
  between(tokenIds: readonly string[], fromMs: number, toMs: number, limit: number): ClobBook[] {
    const found = tokenIds.flatMap((id) => this.byToken.get(id) ?? []).map((entry) => entry.book).filter((book) => {
      const at = Number(book.timestamp);
      return at >= fromMs && at <= toMs;
    });
    found.sort((a, b) => Number(a.timestamp) - Number(b.timestamp) || a.asset_id.localeCompare(b.asset_id));
    return found.slice(0, limit);
  }

  private add(tokenId: string, book: ClobBook): void {
    const entry: Entry = { tokenId, book, bytes: snapshotBytes(book), dropped: false };
    let list = this.byToken.get(tokenId);
    if (!list) {
      list = [];
      this.byToken.set(tokenId, list);
    }
    list.push(entry);
    this.order.push(entry);
    this.kept += 1;
    this.keptBytes += entry.bytes;
    if (list.length > this.perToken) this.drop(list[0] as Entry);
  }

  /** Drops a token's oldest snapshot (the only one a bound ever drops). */
  private drop(entry: Entry): void {
    const list = this.byToken.get(entry.tokenId) as Entry[];
    list.shift();
    if (list.length === 0) this.byToken.delete(entry.tokenId);
    entry.dropped = true;
    this.kept -= 1;
    this.keptBytes -= entry.bytes;
  }

  /** Oldest first until under the byte bound; then sweeps dropped entries out of the order list. */
  private trim(): void {
    while (this.keptBytes > this.maxBytes && this.head < this.order.length) {
      const oldest = this.order[this.head++] as Entry;
      if (!oldest.dropped) this.drop(oldest);
    }
    if (this.order.length - this.head > 2 * this.kept + 1_024 || this.head > 1_024) {
      this.order = this.order.slice(this.head).filter((entry) => !entry.dropped);
      this.head = 0;
    }
  }
}
