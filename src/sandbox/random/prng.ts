/**
 * The sandbox's only source of randomness for the world and the simulation. Math.random is
 * never used there: the same seed must give the same catalog byte for byte and the same
 * market path tick for tick, so tests and bug reports can replay a session.
 */

/** splitmix32: turns any seed (and a stream label) into well-mixed 32-bit state. */
function splitmix32(value: number): number {
  let z = (value + 0x9e3779b9) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/** FNV-1a over a label, so independent streams ("world", "simulation") never share a sequence. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i += 1) {
    h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: tiny, fast and good enough for a market simulation (not for cryptography). */
export class Prng {
  private state: number;

  constructor(seed: number, stream = '') {
    this.state = splitmix32((seed >>> 0) ^ hashLabel(stream));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** `count` distinct items in a seeded order (count is capped at the list length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      out.push(pool.splice(this.int(0, pool.length - 1), 1)[0] as T);
    }
    return out;
  }

  /** Picks by integer weights, e.g. tick sizes that are mostly 0.01. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** `bytes` random bytes as lowercase hex, without a prefix. */
  hex(bytes: number): string {
    let out = '';
    for (let i = 0; i < bytes; i += 1) out += this.int(0, 255).toString(16).padStart(2, '0');
    return out;
  }

  /** A uint256-like decimal string, as order-book token ids are. */
  uint256Decimal(): string {
    return BigInt(`0x${this.hex(32)}`).toString(10);
  }
}
