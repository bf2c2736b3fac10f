/**
 * One wallet's activity rows as columns in typed arrays: what the Activity view filters and sorts
 * on (key, type and side, market, size, price, USD size), about 50 bytes a row, plus per sort key
 * used a sorted copy of what the filter tests (SortedRows, 18 bytes a row), so a query reads
 * memory in order: through an order of indices, each row's fields were a cache miss, and the
 * pass took several times longer (measured). Rows are appended in any order; the time order of
 * indices is kept up to date by merging, the sorted copies are made again on their next use after
 * rows were added (a radix sort: milliseconds).
 */
import type { ActivitySortKey } from '../../../shared/portfolioViews';
import { numberKeys, rankKeys, stableSortByKey, type SortKeys } from './radixOrder';

/** A row as read for the columns: ts, seq, type, side, market_ref, size, price, size_usdc. */
export type ColumnRow = [number, number, string, string | null, number | null, number | null, number | null, number | null];

/** Texts of a column as small integer codes; code 0 is null. */
export class TextCodes {
  private readonly byText = new Map<string, number>();
  readonly texts: Array<string | null> = [null];

  code(text: string | null): number {
    if (text === null) return 0;
    let code = this.byText.get(text);
    if (code === undefined) {
      code = this.texts.length;
      this.texts.push(text);
      this.byText.set(text, code);
    }
    return code;
  }

  find(text: string): number | undefined {
    return this.byText.get(text);
  }

  /** Rank of each code in SQLite's order of the texts (BINARY: UTF-8 bytes; null first). */
  ranks(): Uint32Array {
    const bytes = this.texts.map((text) => (text === null ? null : Buffer.from(text, 'utf8')));
    const sorted = bytes.map((_, code) => code).sort((a, b) => (a === 0 ? -1 : b === 0 ? 1 : Buffer.compare(bytes[a]!, bytes[b]!)));
    const ranks = new Uint32Array(this.texts.length);
    sorted.forEach((code, rank) => (ranks[code] = rank));
    return ranks;
  }
}

/** A row's type and side codes in one number: side in the low 4 bits. */
const SIDE_BITS = 4;
export const kindOf = (typeCode: number, sideCode: number) => (typeCode << SIDE_BITS) | sideCode;
export const typeOfKind = (kind: number) => kind >>> SIDE_BITS;
export const sideOfKind = (kind: number) => kind & ((1 << SIDE_BITS) - 1);

/** What the filter tests, in one sort order (ascending): row index, kind, market, time. */
export interface SortedRows {
  row: Int32Array;
  kind: Uint16Array;
  market: Int32Array;
  ts: Float64Array;
}

const grow = <T extends Float64Array | Int32Array | Uint16Array>(array: T, size: number, make: (n: number) => T): T => {
  if (array.length >= size) return array;
  const next = make(Math.max(size, array.length * 2));
  next.set(array);
  return next;
};

export class WalletColumns {
  count = 0;
  ts = new Float64Array(0);
  seq = new Float64Array(0);
  kind = new Uint16Array(0);
  /** `markets.id`, -1 for a row without a market. */
  market = new Int32Array(0);
  /** NaN for null. */
  size = new Float64Array(0);
  price = new Float64Array(0);
  usdc = new Float64Array(0);
  readonly types = new TextCodes();
  readonly sides = new TextCodes();
  /** Row indices by (ts, seq), ascending: always complete. */
  byTime: Int32Array = new Int32Array(0);
  private readonly sorted = new Map<ActivitySortKey, SortedRows>();

  /** Appends rows sorted by (ts, seq), none of them held already, and merges them into the time order. */
  appendSorted(rows: Iterable<ColumnRow>): void {
    const first = this.count;
    for (const [ts, seq, type, side, market, size, price, usdc] of rows) {
      const i = this.count;
      if (i === this.ts.length) this.reserve(i + 1);
      this.ts[i] = ts;
      this.seq[i] = seq;
      const sideCode = this.sides.code(side);
      if (sideOfKind(sideCode) !== sideCode) throw new Error(`history store: too many distinct activity sides (${this.sides.texts.length})`);
      this.kind[i] = kindOf(this.types.code(type), sideCode);
      this.market[i] = market ?? -1;
      this.size[i] = size ?? Number.NaN;
      this.price[i] = price ?? Number.NaN;
      this.usdc[i] = usdc ?? Number.NaN;
      this.count += 1;
    }
    if (this.count === first) return;
    this.byTime = this.mergeByTime(first);
    this.sorted.clear();
  }

  /** Bytes the columns and the sorted copies hold. */
  bytes(): number {
    const columns = [this.ts, this.seq, this.kind, this.market, this.size, this.price, this.usdc, this.byTime];
    const copies = [...this.sorted.values()].flatMap((s) => [s.row, s.kind, s.market, s.ts]);
    return [...columns, ...copies].reduce((sum, array) => sum + array.byteLength, 0);
  }

  /** Of `rows` (sorted by key, ts within [fromTs, toTs]), those not held yet. */
  missing(rows: readonly ColumnRow[], fromTs: number): ColumnRow[] {
    let p = this.firstAtOrAfter(fromTs);
    const fresh: ColumnRow[] = [];
    for (const row of rows) {
      while (p < this.count && this.before(this.byTime[p]!, row[0], row[1])) p++;
      const held = p < this.count && this.ts[this.byTime[p]!] === row[0] && this.seq[this.byTime[p]!] === row[1];
      if (!held) fresh.push(row);
    }
    return fresh;
  }

  /**
   * The rows ascending by (key, ts, seq), as SQLite orders them (nulls first); a descending window
   * reads them backwards. `titleRanks` ranks each market id by title (activityColumnIndex.ts).
   */
  sortedBy(key: ActivitySortKey, titleRanks: Uint32Array): SortedRows {
    let sorted = this.sorted.get(key);
    if (!sorted) {
      // Stable over the time order: equal keys stay in (ts, seq) order.
      const row = key === 'timestamp' ? this.byTime : stableSortByKey(this.byTime, this.keysOf(key, titleRanks));
      sorted = { row, kind: new Uint16Array(row.length), market: new Int32Array(row.length), ts: new Float64Array(row.length) };
      for (let j = 0; j < row.length; j++) {
        const i = row[j]!;
        sorted.kind[j] = this.kind[i]!;
        sorted.market[j] = this.market[i]!;
        sorted.ts[j] = this.ts[i]!;
      }
      this.sorted.set(key, sorted);
    }
    return sorted;
  }

  private keysOf(key: Exclude<ActivitySortKey, 'timestamp'>, titleRanks: Uint32Array): SortKeys {
    const n = this.count;
    switch (key) {
      case 'type': {
        const ranks = this.types.ranks();
        return rankKeys(Uint32Array.from(this.kind.subarray(0, n), (kind) => ranks[typeOfKind(kind)]!), n);
      }
      case 'title':
        return rankKeys(Uint32Array.from(this.market.subarray(0, n), (id) => (id < 0 ? 0 : titleRanks[id]!)), n);
      case 'size':
        return numberKeys(this.size, n);
      case 'price':
        return numberKeys(this.price, n);
      case 'usdcSize':
        return numberKeys(this.usdc, n);
    }
  }

  private before(i: number, ts: number, seq: number): boolean {
    return this.ts[i]! < ts || (this.ts[i] === ts && this.seq[i]! < seq);
  }

  private firstAtOrAfter(ts: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ts[this.byTime[mid]!]! < ts) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The time order with rows `first`… (already in key order) merged in. */
  private mergeByTime(first: number): Int32Array {
    const merged = new Int32Array(this.count);
    let a = 0;
    let b = first;
    for (let k = 0; k < merged.length; k++) {
      const takeOld = b >= this.count || (a < first && this.before(this.byTime[a]!, this.ts[b]!, this.seq[b]!));
      merged[k] = takeOld ? this.byTime[a++]! : b++;
    }
    return merged;
  }

  private reserve(size: number): void {
    this.ts = grow(this.ts, size, (n) => new Float64Array(n));
    this.seq = grow(this.seq, size, (n) => new Float64Array(n));
    this.kind = grow(this.kind, size, (n) => new Uint16Array(n));
    this.market = grow(this.market, size, (n) => new Int32Array(n));
    this.size = grow(this.size, size, (n) => new Float64Array(n));
    this.price = grow(this.price, size, (n) => new Float64Array(n));
    this.usdc = grow(this.usdc, size, (n) => new Float64Array(n));
  }
}
