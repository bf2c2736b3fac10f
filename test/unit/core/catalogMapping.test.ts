import { describe, expect, it } from 'vitest';
import { parseStringArray, toMarketSummary } from '../../../src/main/core/catalog/catalogMapping';
import type { CatalogMarketWire } from '../../../src/shared/protocol/catalog';

describe('catalog mapping', () => {
  it('reads the JSON-in-string arrays of the catalog', () => {
    expect(parseStringArray('["Yes","No"]')).toEqual(['Yes', 'No']);
    expect(parseStringArray('not json')).toEqual([]);
    expect(parseStringArray('{"a":1}')).toEqual([]);
  });

  it('pairs outcome names, prices and token ids', () => {
    const market = {
      id: '7', question: 'Will it rain?', conditionId: '0x01', slug: 'rain', outcomes: '["Yes","No"]',
      outcomePrices: '["0.4","0.6"]', clobTokenIds: '["111","222"]', active: true, closed: false,
      acceptingOrders: true, enableOrderBook: true, orderPriceMinTickSize: 0.001, orderMinSize: 5,
      volume24hr: 10, liquidityNum: 20,
    } satisfies CatalogMarketWire;
    expect(toMarketSummary(market)).toMatchObject({
      outcomes: [
        { name: 'Yes', tokenId: '111', price: '0.4' },
        { name: 'No', tokenId: '222', price: '0.6' },
      ],
      tickSize: '0.001',
      minOrderSize: 5,
    });
  });
});
