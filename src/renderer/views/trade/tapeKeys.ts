/**
 * React keys for the tape's rows that stay with a trade while newer trades arrive above it. A
 * key from the row's position changed every key whenever one trade came in, so React dropped and
 * rebuilt all sixty rows (and the browser laid them out again) every few seconds. The service
 * gives public trades no id: a trade is named by what it shows, and identical trades by how many
 * of the same come after it (counted from the oldest, which does not move when new ones arrive).
 */
export interface TapeTradeIdentity {
  price: string;
  size: string;
  side: string;
  at: number;
}

export function tapeKeys(trades: readonly TapeTradeIdentity[]): string[] {
  const seen = new Map<string, number>();
  const keys = new Array<string>(trades.length);
  for (let i = trades.length - 1; i >= 0; i -= 1) {
    const t = trades[i]!;
    const name = `${t.at}|${t.side}|${t.price}|${t.size}`;
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    keys[i] = count === 0 ? name : `${name}#${count}`;
  }
  return keys;
}
