/**
 * The synthetic histories behind /v2/activity: rows are pure functions of (seed, wallet, i),
 * timestamps never decrease, every activity type appears, and the byte-writing page path
 * produces exactly the JSON of the row objects the other routes use.
 */
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '../../../src/shared/protocol/analytics';
import { ByteWriter } from '../../../src/sandbox/analytics/byteWriter';
import { MarketIndex } from '../../../src/sandbox/analytics/marketIndex';
import { SyntheticHistory } from '../../../src/sandbox/analytics/synthetic/history';
import { HISTORY_WALLET_LIST, SANDBOX_HISTORY_WALLETS, type HistoryWalletSpec } from '../../../src/sandbox/analytics/synthetic/wallets';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';

const world = buildWorld(7);
const markets = new MarketIndex(world);
const END = Math.floor(world.epochMs / 1000) - 3_600;
const history = (spec: HistoryWalletSpec = SANDBOX_HISTORY_WALLETS.small, seed = 7) => new SyntheticHistory(spec, seed, END, markets);

describe('synthetic activity history', () => {
  it('the large wallet has at least 250,000 rows', () => {
    expect(history(SANDBOX_HISTORY_WALLETS.large).count).toBeGreaterThanOrEqual(250_000);
  });

  it('is deterministic per seed and differs between seeds', () => {
    expect(history().row(123, 124)).toEqual(history().row(123, 124));
    expect(history(SANDBOX_HISTORY_WALLETS.small, 8).row(123, 124)).not.toEqual(history().row(123, 124));
  });

  it('has non-decreasing timestamps over three years ending at the world\'s now', () => {
    const h = history();
    for (let i = 1; i < h.count; i += 1) expect(h.ts(i)).toBeGreaterThanOrEqual(h.ts(i - 1));
    expect(h.ts(h.count - 1)).toBeLessThanOrEqual(END);
    expect(END - h.ts(0)).toBeGreaterThan(3 * 364 * 86_400);
  });

  it('carries every activity type, tips both ways, unlabeled outcomes and unavailable numbers', () => {
    const h = history();
    const rows = Array.from({ length: h.count }, (_, i) => h.row(i, i + 1));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(ACTIVITY_TYPES));
    expect(new Set(rows.filter((r) => r.type === 'TIP').map((r) => r.side))).toEqual(new Set(['IN', 'OUT']));
    expect(rows.some((r) => r.outcome_index === 999 && r.outcome === null)).toBe(true);
    expect(rows.some((r) => r.size_usdc === null)).toBe(true);
    expect(rows.filter((r) => r.type === 'REDEEM').every((r) => markets.condition(r.condition_id!)?.resolvedAtS !== null)).toBe(true);
  });

  it('the byte-written row JSON equals JSON.stringify of the row object, for every wallet', () => {
    for (const spec of HISTORY_WALLET_LIST) {
      const h = history(spec);
      for (let i = 0; i < Math.min(h.count, 3_000); i += 1) {
        const out = new ByteWriter(64);
        h.writeRowJson(i, i + 1, out);
        expect(out.take().toString('utf8')).toBe(JSON.stringify(h.row(i, i + 1)));
      }
    }
  });
});
