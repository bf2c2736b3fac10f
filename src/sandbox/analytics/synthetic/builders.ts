/**
 * Builder volume history: a fixed roster of synthetic builders (codes are bytes32, as the
 * order-book's builder codes are) with a seeded daily volume in shares and a seeded set of active
 * makers per day, from their launch day on. Day d of builder b is a pure function of (seed, b, d),
 * so any window can be summed without storing a series. Real builder-coded fills are added by
 * the routes (buildersRoutes.ts).
 */
import { hexFrom, mix } from './mix';

export interface SyntheticBuilder {
  ordinal: number;
  code: string;
  /** Null: the builder never set a display name (the boards show its code). */
  name: string | null;
  /** Typical daily volume in shares. */
  scale: number;
  /** Size of the builder's maker pool. */
  pool: number;
  /** Days before "today" on which the builder started routing flow. */
  ageDays: number;
}

const NAMES = ['Tradewind', 'Oddsmith', 'Kestrel Markets', null, 'Lantern', 'Quorum Labs', 'Pivot', null, 'Meridian', 'Sable'];
const MAKER_RATE_PERCENT = 18;

export function syntheticBuilders(seed: number): SyntheticBuilder[] {
  return NAMES.map((name, b) => {
    const h = mix(mix(seed >>> 0, 0xb1d), b);
    return {
      ordinal: b, code: `0x${hexFrom(h, 0xc0de, 32)}`, name, scale: Math.round(2_000_000 / (b + 1.5)),
      pool: 30 + (h % 170), ageDays: b < 4 ? 3 * 365 : 60 + (mix(h, 1) % 900),
    };
  });
}

/** Shares the builder routed on UTC day `day` (0 before its launch, relative to `today`). */
export function dailyVolume(seed: number, builder: SyntheticBuilder, day: number, today: number): number {
  if (day > today || day < today - builder.ageDays) return 0;
  const h = mix(mix(seed >>> 0, builder.ordinal + 0x100), day);
  return Math.round(builder.scale * (0.3 + (h % 1400) / 1000) * 100) / 100;
}

/** Adds to `out` the ids of the builder's makers active on any day in [from, to]. */
export function activeMakers(seed: number, builder: SyntheticBuilder, from: number, to: number, today: number, out: Set<string>): void {
  const first = Math.max(from, today - builder.ageDays);
  const last = Math.min(to, today);
  for (let u = 0; u < builder.pool; u += 1) {
    for (let d = first; d <= last; d += 1) {
      if (mix(mix(seed >>> 0, builder.ordinal * 4096 + u), d) % 100 < MAKER_RATE_PERCENT) {
        out.add(`s:${builder.ordinal}:${u}`);
        break;
      }
    }
  }
}
