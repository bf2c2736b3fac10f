/**
 * The order-book history's memory bound: an hour of every simulated book would be hundreds of MB,
 * so all snapshots together stay under a byte bound (oldest first, whatever token), besides the
 * per-token count; what stays is the newest, and the route answers from it.
 */
import { describe, expect, it } from 'vitest';
import { Exchange } from '../../../src/sandbox/clob/exchange';
import { Simulator } from '../../../src/sandbox/simulation/simulator';
import { BookHistory, snapshotBytes } from '../../../src/sandbox/trading/bookHistory';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';

function boot(maxBytes: number, perToken = 360) {
  let now = 1_000_000;
  const exchange = new Exchange(buildWorld(7), () => now);
  const simulator = new Simulator(exchange, 7);
  const history = new BookHistory(exchange, 10_000, perToken, maxBytes);
  const step = () => {
    now += 10_000;
    simulator.step();
    history.sample();
  };
  return { exchange, history, step, now: () => now };
}

describe('book history bounds', () => {
  it('keeps every snapshot while under the byte bound', () => {
    const { history, step } = boot(Number.MAX_SAFE_INTEGER);
    history.sample();
    const first = history.size();
    expect(first.snapshots).toBeGreaterThan(100);
    for (let i = 0; i < 5; i++) step();
    expect(history.size().snapshots).toBeGreaterThan(first.snapshots * 3);
  });

  it('drops the oldest snapshots, of any token, to stay under the byte bound; the newest stay', () => {
    const bound = 400_000;
    const { exchange, history, step, now } = boot(bound);
    history.sample();
    for (let i = 0; i < 40; i++) {
      step();
      expect(history.size().bytes).toBeLessThanOrEqual(bound);
    }
    const { snapshots, bytes } = history.size();
    expect(bytes).toBeGreaterThan(bound * 0.9);
    // What is kept is the newest: every live token's latest snapshot is the one of the last sample.
    const tokens = exchange.liveMarkets().flatMap((m) => m.market.tokenIds);
    const kept = history.between(tokens, 0, now(), 100_000);
    expect(kept).toHaveLength(snapshots);
    expect(kept.reduce((sum, book) => sum + snapshotBytes(book), 0)).toBe(bytes);
    const oldestKept = Number(kept[0]!.timestamp);
    expect(oldestKept).toBeGreaterThan(1_000_000);
    expect(history.between(tokens, 0, oldestKept - 1, 100_000)).toEqual([]);
  });

  it('keeps at most perToken snapshots of a token, and the sweep of dropped ones keeps counts right', () => {
    const { exchange, history, step, now } = boot(Number.MAX_SAFE_INTEGER, 3);
    for (let i = 0; i < 20; i++) step();
    const tokens = exchange.liveMarkets().flatMap((m) => m.market.tokenIds);
    for (const token of tokens.slice(0, 20)) expect(history.between([token], 0, now(), 100).length).toBeLessThanOrEqual(3);
    expect(history.between(tokens, 0, now(), 1_000_000)).toHaveLength(history.size().snapshots);
  });
});
