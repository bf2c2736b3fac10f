/**
 * One wallet's activity feed: the synthetic history (if the wallet has one) followed by the
 * wallet's real fills on the sandbox order book, appended as they happen. Position p in the feed
 * has sequence id p + 1 and timestamps never decrease with p, so (block_timestamp, sequence_id)
 * is increasing in p: every keyset seek is a binary search, and new rows only ever land at the
 * newest end (a walk in progress in either direction never sees a row move).
 */
import type { ActivityRow } from '../../shared/protocol/analytics';
import type { ByteWriter } from './byteWriter';
import type { SyntheticHistory } from './synthetic/history';

export interface AppendedRow {
  kind: number;
  row: ActivityRow;
  json: Buffer;
}

export class WalletFeed {
  private readonly appended: AppendedRow[] = [];

  constructor(
    readonly address: string,
    private readonly synthetic: SyntheticHistory | null,
  ) {}

  private get syntheticCount(): number {
    return this.synthetic?.count ?? 0;
  }

  get count(): number {
    return this.syntheticCount + this.appended.length;
  }

  ts(p: number): number {
    const n = this.syntheticCount;
    return p < n ? this.synthetic!.ts(p) : this.appended[p - n]!.row.block_timestamp;
  }

  kind(p: number): number {
    const n = this.syntheticCount;
    return p < n ? this.synthetic!.kind(p) : this.appended[p - n]!.kind;
  }

  row(p: number): ActivityRow {
    const n = this.syntheticCount;
    return p < n ? this.synthetic!.row(p, p + 1) : this.appended[p - n]!.row;
  }

  /** Writes `JSON.stringify(this.row(p))` as bytes, without building the object for synthetic rows. */
  writeRowJson(p: number, out: ByteWriter): void {
    const n = this.syntheticCount;
    if (p < n) this.synthetic!.writeRowJson(p, p + 1, out);
    else out.bytes(this.appended[p - n]!.json);
  }

  /** Shares and price of a trade row (synthetic rows without building them). */
  amounts(p: number): { size: number; price: number } {
    const n = this.syntheticCount;
    if (p < n) return this.synthetic!.amounts(p);
    const row = this.appended[p - n]!.row;
    return { size: row.size ?? 0, price: row.price ?? 0 };
  }

  /** The synthetic history behind the leading positions (null for a wallet with only real fills). */
  get history(): SyntheticHistory | null {
    return this.synthetic;
  }

  /** How many leading positions are synthetic (immutable; derived views cache over them). */
  get historyLength(): number {
    return this.syntheticCount;
  }

  /**
   * Appends a real row. Its timestamp is raised to the feed's newest if the clock says earlier
   * (the synthetic history ends at the world's "now", which a wall clock may not have reached),
   * so the ordering keys stay increasing along the feed.
   */
  append(kind: number, row: Omit<ActivityRow, 'sequence_id'>): ActivityRow {
    const last = this.count > 0 ? this.ts(this.count - 1) : 0;
    const full: ActivityRow = { ...row, block_timestamp: Math.max(row.block_timestamp, last), sequence_id: this.count + 1 };
    this.appended.push({ kind, row: full, json: Buffer.from(JSON.stringify(full)) });
    return full;
  }

  /** Smallest p whose key (ts, seq) is above (ts, seq), or count. */
  private upperBound(ts: number, seq: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const t = this.ts(mid);
      if (t < ts || (t === ts && mid + 1 <= seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position with ts >= t. */
  firstAtOrAfter(t: number): number {
    return this.upperBound(t, 0);
  }

  /** Last position with ts <= t (−1 if none). */
  lastAtOrBefore(t: number): number {
    return this.upperBound(t, Number.MAX_SAFE_INTEGER) - 1;
  }

  /** First position strictly after the anchor. */
  after(ts: number, seq: number): number {
    return this.upperBound(ts, seq);
  }

  /** Last position strictly before the anchor (−1 if none). */
  before(ts: number, seq: number): number {
    return this.upperBound(ts, seq - 1) - 1;
  }
}
