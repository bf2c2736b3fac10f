/**
 * Stable sorts of row indices by a 64-bit key, for the Activity view's in-memory sort orders: an
 * LSD radix sort in 16-bit digits. A comparator sort of 300,000 indices took 0.2–1.5 s here
 * (measured); four counting passes take milliseconds, and a pass whose digit is the same for
 * every row (small integer keys: a type or title rank) is skipped.
 */

/** A key as two unsigned halves; row i's key is (hi[i], lo[i]). */
export interface SortKeys {
  hi: Uint32Array;
  lo: Uint32Array;
}

const scratch = new Float64Array(1);
const halves = new Uint32Array(scratch.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const [LO, HI] = LITTLE_ENDIAN ? [0, 1] : [1, 0];

/**
 * Keys that order numbers as SQLite does: null (NaN here) before every number, -0 equal to 0.
 * The IEEE bits are made unsigned-comparable (negatives flipped whole, positives' sign bit set);
 * null is 0, below every key a number can take.
 */
export function numberKeys(values: Float64Array, count: number): SortKeys {
  const hi = new Uint32Array(count);
  const lo = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const value = values[i]!;
    if (value !== value) continue;
    scratch[0] = value === 0 ? 0 : value;
    const h = halves[HI]!;
    const l = halves[LO]!;
    if (h & 0x80000000) {
      hi[i] = ~h >>> 0;
      lo[i] = ~l >>> 0;
    } else {
      hi[i] = (h | 0x80000000) >>> 0;
      lo[i] = l;
    }
  }
  return { hi, lo };
}

/** Keys of small non-negative integers: a rank per row. */
export function rankKeys(ranks: ArrayLike<number>, count: number): SortKeys {
  const lo = new Uint32Array(count);
  for (let i = 0; i < count; i++) lo[i] = ranks[i]!;
  return { hi: new Uint32Array(count), lo };
}

/** `order` (row indices) stably sorted by key: rows with equal keys keep their order in `order`. */
export function stableSortByKey(order: Int32Array, keys: SortKeys): Int32Array {
  let from: Int32Array = Int32Array.from(order);
  let to: Int32Array = new Int32Array(order.length);
  const counts = new Uint32Array(65_537);
  for (const [half, shift] of [[keys.lo, 0], [keys.lo, 16], [keys.hi, 0], [keys.hi, 16]] as const) {
    counts.fill(0);
    for (let j = 0; j < from.length; j++) counts[((half[from[j]!]! >>> shift) & 0xffff) + 1]! += 1;
    // Every row in one bucket: this digit orders nothing.
    if (counts.some((count) => count === from.length)) continue;
    for (let d = 1; d < counts.length; d++) counts[d]! += counts[d - 1]!;
    for (let j = 0; j < from.length; j++) {
      const row = from[j]!;
      to[counts[(half[row]! >>> shift) & 0xffff]!++] = row;
    }
    [from, to] = [to, from];
  }
  return from;
}
