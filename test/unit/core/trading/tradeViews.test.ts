/**
 * Issue 11, item 1: the account's maker fills showed the taker's side (a BUY as a SELL). A trade
 * row's `side`/`price`/`size`/`outcome` are the taker's; a maker's are in its `maker_orders[]`.
 */
import { describe, expect, it } from 'vitest';
import { toTradeViews } from '../../../../src/main/core/trading/orderViews';

const ME = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';

const makerEntry = (address: string, orderId: string, side: string, price: string, matched: string) => ({
  order_id: orderId, owner: '', maker_address: address, matched_amount: matched, price, fee_rate_bps: '0',
  asset_id: '123', outcome: 'Yes', side,
});

const row = (traderSide: 'MAKER' | 'TAKER', makers: unknown[]) => ({
  id: 'trade-1', market: '0xabc', asset_id: '123', side: 'SELL', size: '25', price: '0.44', outcome: 'Yes', status: 'MATCHED',
  match_time: '1793487022', trader_side: traderSide, maker_orders: makers,
});

describe('the account\'s trades', () => {
  it('as maker: side, price, size and outcome come from its own maker order, not the taker\'s fields', () => {
    const views = toTradeViews(row('MAKER', [makerEntry(OTHER, 'o-9', 'BUY', '0.45', '15'), makerEntry(ME, 'o-1', 'BUY', '0.44', '10')]), ME);
    expect(views).toEqual([
      expect.objectContaining({ id: 'trade-1', role: 'maker', side: 'BUY', price: '0.44', size: '10', outcome: 'Yes', assetId: '123', matchTime: 1_793_487_022_000 }),
    ]);
  });

  it('as maker of two orders in one trade: one view per own order, each with its price and size', () => {
    const views = toTradeViews(row('MAKER', [makerEntry(ME, 'o-1', 'BUY', '0.45', '15'), makerEntry(ME, 'o-2', 'BUY', '0.44', '10')]), ME.toUpperCase().replace('0X', '0x'));
    expect(views.map((v) => [v.id, v.side, v.price, v.size])).toEqual([
      ['trade-1:o-1', 'BUY', '0.45', '15'],
      ['trade-1:o-2', 'BUY', '0.44', '10'],
    ]);
  });

  it('as taker: the row\'s own fields', () => {
    const views = toTradeViews(row('TAKER', [makerEntry(OTHER, 'o-9', 'BUY', '0.44', '25')]), ME);
    expect(views).toEqual([expect.objectContaining({ role: 'taker', side: 'SELL', price: '0.44', size: '25' })]);
  });
});
