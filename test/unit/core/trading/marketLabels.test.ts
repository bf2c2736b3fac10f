/** MarketLabels: one catalog lookup per market per TTL, misses remembered, failures never fatal. */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../src/main/core/log';
import { MARKET_LABEL_TTL_MS, MarketLabels } from '../../../../src/main/core/trading/marketLabels';
import type { MarketLabel } from '../../../../src/shared/tradingViews';

const row = (market: string) => ({ id: market, market, question: '', tickSize: '' });

describe('MarketLabels', () => {
  it('labels rows by market, asking the catalog once per market until the TTL passes', async () => {
    let now = 1_000;
    const asked: string[] = [];
    const catalog: Record<string, MarketLabel> = { a: { question: 'A?', tickSize: '0.001' } };
    const labels = new MarketLabels(async (id) => {
      asked.push(id);
      return catalog[id] ?? null;
    }, silentLogger, () => now);
    const first = await labels.label([row('a'), row('a'), row('b')]);
    expect(first.map((r) => [r.question, r.tickSize])).toEqual([['A?', '0.001'], ['A?', '0.001'], ['', '']]);
    await labels.label([row('a'), row('b')]);
    expect(asked).toEqual(['a', 'b']);
    now += MARKET_LABEL_TTL_MS;
    await labels.label([row('b')]);
    expect(asked).toEqual(['a', 'b', 'b']);
  });

  it('a failing lookup leaves the rows as they were', async () => {
    const labels = new MarketLabels(async () => {
      throw new Error('catalog unreachable');
    }, silentLogger);
    expect(await labels.label([row('a')])).toEqual([row('a')]);
  });
});
