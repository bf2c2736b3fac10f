/**
 * Snapshots of the live books for `GET /orderbook-history`. Every `intervalMs` (default 10 s)
 * each book that changed since its last snapshot is recorded for both of its tokens; a book that
 * did not change adds nothing, so a quiet market keeps its older snapshots. Each token keeps its
 * newest `perToken` snapshots (default 360: an hour of a busy market), so memory stays bounded
 * whatever the uptime. The snapshot is the `GET /book` object of that moment (shared with the
 * book cache, not copied).
 */
import type { ClobBook } from '../../shared/protocol/clob';
import { bookJson } from '../clob/bookWire';
import type { Exchange, TokenEntry } from '../clob/exchange';

export const DEFAULT_BOOK_HISTORY_MS = 10_000;
const DEFAULT_PER_TOKEN = 360;

interface TokenHistory {
  token: TokenEntry;
  /** Oldest first. */
  snapshots: ClobBook[];
}

export class BookHistory {
  private readonly byToken = new Map<string, TokenHistory>();
  private readonly seenVersion = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly exchange: Exchange,
    private readonly intervalMs = DEFAULT_BOOK_HISTORY_MS,
    private readonly perToken = DEFAULT_PER_TOKEN,
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
        const token = this.exchange.token(tokenId) as TokenEntry;
        const book = bookJson(token);
        if (!book) continue;
        let history = this.byToken.get(tokenId);
        if (!history) {
          history = { token, snapshots: [] };
          this.byToken.set(tokenId, history);
        }
        history.snapshots.push(book);
        if (history.snapshots.length > this.perToken) history.snapshots.splice(0, history.snapshots.length - this.perToken);
      }
    }
  }

  /** Snapshots of these tokens taken in [fromMs, toMs], oldest first, at most `limit`. */
  between(tokenIds: readonly string[], fromMs: number, toMs: number, limit: number): ClobBook[] {
    const found = tokenIds.flatMap((id) => this.byToken.get(id)?.snapshots ?? []).filter((book) => {
      const at = Number(book.timestamp);
      return at >= fromMs && at <= toMs;
    });
    found.sort((a, b) => Number(a.timestamp) - Number(b.timestamp) || a.asset_id.localeCompare(b.asset_id));
    return found.slice(0, limit);
  }
}
