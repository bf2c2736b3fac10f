import { describe, expect, it } from 'vitest';
import { toOrderBookView } from '../../../src/main/core/books/bookMapping';
import type { ClobBook } from '../../../src/shared/protocol/clob';

const wire: ClobBook = {
  market: '0xabc',
  asset_id: '123',
  timestamp: '1700000000000',
  hash: '0xhash',
  // The public service lists bids ascending and asks descending: best last.
  bids: [
    { price: '0.48', size: '100' },
    { price: '0.5', size: '20.5' },
    { price: '0.49', size: '7' },
  ],
  asks: [
    { price: '0.55', size: '1' },
    { price: '0.53', size: '10' },
    { price: 'bad', size: '1' },
  ],
  min_order_size: '5',
  tick_size: '0.01',
  neg_risk: false,
  last_trade_price: '0.51',
};

describe('order book view', () => {
  it('orders both sides best first and computes spread and midpoint exactly', () => {
    const view = toOrderBookView(wire);
    expect(view.bids.map((l) => l.price)).toEqual(['0.5', '0.49', '0.48']);
    expect(view.asks.map((l) => l.price)).toEqual(['0.53', '0.55']);
    expect(view).toMatchObject({ bestBid: '0.5', bestAsk: '0.53', spread: '0.03', midpoint: '0.515', lastTradePrice: '0.51', timestamp: 1700000000000, tokenId: '123' });
  });

  it('leaves spread and midpoint empty for a one-sided book', () => {
    const view = toOrderBookView({ ...wire, asks: [] });
    expect(view).toMatchObject({ bestAsk: null, spread: null, midpoint: null });
  });
});
