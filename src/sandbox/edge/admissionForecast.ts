/**
 * When a sliding window will admit a request that waits behind `ahead` others (first in, first
 * out): each admission needs the window to hold fewer than `limit` entries, and an entry leaves
 * the window `windowMs` after it was admitted. The requests ahead are admitted first and take
 * their places in the window, so the answer is what a client is told in `Retry-After`.
 */
export interface LiveEntries {
  /** Entries in the window now. */
  readonly count: number;
  /** The i-th entry's admission time, oldest first. */
  at(i: number): number;
}

export function predictAdmission(live: LiveEntries, limit: number, windowMs: number, now: number, ahead: number): number {
  const n = live.count;
  const forecast: number[] = [];
  let previous = now;
  for (let j = 0; j <= ahead; j += 1) {
    // The entry whose departure makes room for admission j: `limit` places before it.
    const freedBy = n + j - limit;
    const freeAt = freedBy < 0 ? now : (freedBy < n ? live.at(freedBy) : (forecast[freedBy - n] as number)) + windowMs;
    previous = Math.max(previous, freeAt);
    forecast.push(previous);
  }
  return previous;
}
