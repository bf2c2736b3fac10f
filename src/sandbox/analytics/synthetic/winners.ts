/**
 * The biggest-winners stream: every UTC day of the last three years (up to today) resolves a
 * seeded set of winning positions — singles on the world's resolved markets (one in eight marked
 * as an esports win) and combos built from two or three of them. Day d's rows are a pure
 * function of (seed, d); the whole stream is built once per UTC day and then filtered.
 * The world holds too few resolutions to fill day and week boards, so `resolved_at` here is the
 * stream's own time, not the market's catalog close (docs/decisions/, "Analytics service in the sandbox").
 */
import type { BiggestWinnerRow } from '../../../shared/protocol/analytics';
import { OUTCOME_NAMES, type MarketIndex } from '../marketIndex';
import { DAY_S } from '../window';
import { hexFrom, mix } from './mix';
import { HISTORY_WALLET_LIST, USER_NAMES } from './wallets';

const SINGLES_PER_DAY = 24;
const COMBOS_PER_DAY = 4;
const DAYS = 3 * 365;

export class WinnerStream {
  private cache: { today: number; rows: BiggestWinnerRow[] } | null = null;
  private readonly key: number;

  constructor(seed: number, private readonly markets: MarketIndex) {
    this.key = mix(seed >>> 0, 0x3177e5);
  }

  /** Every row resolved from three years before `today` (a UTC day index) through today. */
  rows(today: number): BiggestWinnerRow[] {
    if (this.cache?.today !== today) {
      const rows: BiggestWinnerRow[] = [];
      for (let d = today - DAYS; d <= today; d += 1) {
        for (let k = 0; k < SINGLES_PER_DAY + COMBOS_PER_DAY; k += 1) {
          const row = this.row(d, k);
          if (row) rows.push(row);
        }
      }
      this.cache = { today, rows };
    }
    return this.cache.rows;
  }

  private wallet(h: number): { address: string; name: string | null } {
    if (h % 5 === 0) return { address: HISTORY_WALLET_LIST[h % HISTORY_WALLET_LIST.length]!.address, name: null };
    return { address: `0x${hexFrom(h, 0x3a11e7, 20)}`, name: h % 3 === 0 ? USER_NAMES[h % USER_NAMES.length]! : null };
  }

  private row(day: number, k: number): BiggestWinnerRow | null {
    const resolved = this.markets.resolved;
    if (resolved.length === 0) return null;
    const h = mix(this.key, day * 64 + k);
    const resolvedAt = day * DAY_S + (mix(h, 1) % DAY_S);
    const initial = Math.round((20 + (mix(h, 2) % 2_000_000) / 100) * 100) / 100;
    const price = (3 + (mix(h, 3) % 90)) / 100;
    const finalValue = Math.round((initial / price) * 100) / 100;
    const { address, name } = this.wallet(mix(h, 4));
    const base = { proxy_wallet: address, user_name: name, initial_value: initial, final_value: finalValue, pnl: Math.round((finalValue - initial) * 100) / 100, resolved_at: resolvedAt };
    if (k < SINGLES_PER_DAY) {
      const entry = resolved[mix(h, 5) % resolved.length]!;
      const outcome = entry.market.resolvedOutcome ?? 0;
      return {
        kind: 'single', ...base, condition_id: entry.market.conditionId, event_id: Number(entry.event.id), event_slug: entry.event.slug,
        title: entry.market.question, outcome: OUTCOME_NAMES[outcome]!, category: mix(h, 6) % 8 === 0 ? 'esports' : entry.category,
      };
    }
    const legCount = Math.min(resolved.length, 2 + (mix(h, 7) % 2));
    const legs = new Set<number>();
    for (let i = 0; legs.size < legCount && i < 40; i += 1) legs.add(mix(h, 10 + i) % resolved.length);
    return {
      kind: 'combo', ...base, condition_id: `0x${hexFrom(h, 0xc0, 32)}`, event_id: 0, event_slug: '',
      title: [...legs].map((i) => resolved[i]!.market.question).join(' / '), outcome: null, category: 'combos',
    };
  }
}
