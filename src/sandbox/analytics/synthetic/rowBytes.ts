/**
 * The byte-level pieces of a synthetic activity row's JSON, written at a position in a buffer the
 * caller has already made room in (one reservation per row instead of one check per piece: this
 * is the inner loop of the `/v2/activity` page path). Keys are pre-encoded once.
 */
const encode = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

export const KEYS = {
  sequence: encode(',"sequence_id":'),
  block: encode(',"block_number":'),
  log: encode(',"log_index":'),
  tx: encode(',"transaction_hash":"0x'),
  txEnd: encode('",'),
  price: encode(',"price":'),
  sizeUsdc: encode(',"size_usdc":'),
  noCounterparty: encode(',"counterparty":null}'),
  counterparty: encode(',"counterparty":"'),
  close: encode('"}'),
  null: encode('null'),
};

/** The side and the key after it, per side. */
export const SIDE_BYTES: Record<string, Uint8Array> = Object.fromEntries(
  ['BUY', 'SELL', 'IN', 'OUT', 'null'].map((side) => [side, encode(side === 'null' ? ',"side":null,"size":' : `,"side":"${side}","size":`)]),
);

/** Copies `bytes` to `pos`; short pieces by hand (cheaper than a native call). */
export function put(buf: Uint8Array, pos: number, bytes: Uint8Array): number {
  const n = bytes.length;
  if (n > 48) {
    buf.set(bytes, pos);
    return pos + n;
  }
  for (let i = 0; i < n; i += 1) buf[pos + i] = bytes[i]!;
  return pos + n;
}

/** An ASCII string (addresses) at `pos`. */
export function putAscii(buf: Uint8Array, pos: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) buf[pos + i] = text.charCodeAt(i);
  return pos + text.length;
}

/** "00" … "99" as character codes, two per entry: integers are written two digits at a time. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) => 48 + (i & 1 ? (i >> 1) % 10 : Math.floor((i >> 1) / 10)));

/** How many decimal digits a non-negative integer below 2^31 has. */
function digitCount(v: number): number {
  if (v < 100_000) return v < 10 ? 1 : v < 100 ? 2 : v < 1_000 ? 3 : v < 10_000 ? 4 : 5;
  return v < 1_000_000 ? 6 : v < 10_000_000 ? 7 : v < 100_000_000 ? 8 : v < 1_000_000_000 ? 9 : 10;
}

/** A non-negative integer below 2^31, two digits at a time from the right. */
export function putInt(buf: Uint8Array, pos: number, value: number): number {
  const end = pos + digitCount(value);
  let p = end;
  let v = value;
  while (v >= 100) {
    const q = (v / 100) | 0;
    const pair = (v - q * 100) << 1;
    buf[--p] = DIGIT_PAIRS[pair + 1]!;
    buf[--p] = DIGIT_PAIRS[pair]!;
    v = q;
  }
  if (v >= 10) {
    buf[p - 1] = DIGIT_PAIRS[(v << 1) + 1]!;
    buf[p - 2] = DIGIT_PAIRS[v << 1]!;
  } else {
    buf[p - 1] = 48 + v;
  }
  return end;
}

/** Lower-case hex of every byte value, two codes per byte. */
const HEX_PAIRS = Uint8Array.from({ length: 512 }, (_, i) => '0123456789abcdef'.charCodeAt(i & 1 ? (i >> 1) & 15 : i >> 5));

/** Lower-case hex of the 4 bytes of `word`, low byte first (see synthetic/mix.ts hexFrom): 8 codes. */
export function putHexWord(buf: Uint8Array, pos: number, word: number): number {
  for (let shift = 0; shift < 32; shift += 8) {
    const pair = ((word >>> shift) & 255) << 1;
    buf[pos++] = HEX_PAIRS[pair]!;
    buf[pos++] = HEX_PAIRS[pair + 1]!;
  }
  return pos;
}

/** A two-decimal amount as JSON prints it (no trailing zeros), or `null`. */
export function putAmount(buf: Uint8Array, pos: number, value: number | null): number {
  if (value === null) return put(buf, pos, KEYS.null);
  const cents = Math.round(value * 100);
  let p = putInt(buf, pos, Math.floor(cents / 100));
  const frac = cents % 100;
  if (frac === 0) return p;
  buf[p++] = 46;
  buf[p++] = 48 + Math.floor(frac / 10);
  if (frac % 10 !== 0) buf[p++] = 48 + (frac % 10);
  return p;
}
