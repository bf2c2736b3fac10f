/**
 * Settles book fills: moves the users' balances, advances their orders, writes trades and fill
 * notifications. Simulated participants (the "house") have no balances; a fill against them
 * moves only the user's side, which is what lets user orders trade with the simulated
 * liquidity without the simulation keeping accounts.
 *
 * Every user participant settles in its own outcome at its own price — for a fill at Yes price
 * P, a Yes order trades at P and a No order at 1 - P. That one rule covers all four pairings a
 * binary book produces: BUY Yes × SELL Yes and BUY No × SELL No move tokens against
 * collateral, BUY Yes × BUY No mints (the two buyers pay P and 1 - P, each gets its outcome),
 * SELL Yes × SELL No merges (the two sellers get P and 1 - P). Collateral in equals
 * collateral out in every case.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { OrderSide } from '../../shared/orders/orderSchema';
import type { MarketEntry } from '../clob/exchange';
import type { BookFill } from '../clob/marketBook';
import type { TickSize } from '../../shared/protocol/clob';
import { complementPips, formatPrice, formatSize } from '../clob/units';
import { outcomeName } from './tradingWire';
import { centsToBaseUnits, costOf } from './amounts';
import type { MarketActivity } from './marketActivity';
import { groupByPrice } from './marketActivity';
import { NOTIFICATION_TYPES, type NotificationBox } from './notificationBox';
import { COLLATERAL, type PaperLedger } from './paperLedger';
import { reservedAssetOf, type OrderRecord, type OrderStore } from './orderStore';
import type { MakerFill, TradeLog, TradeRecord } from './tradeLog';

/** The simulated makers' and takers' address in trades (no key for it exists). */
export const HOUSE_ADDRESS = '0x5a4d0000000000000000000000000000005a4d00';

export interface SettlementDeps {
  ledger: PaperLedger;
  orders: OrderStore;
  trades: TradeLog;
  notifications: NotificationBox;
  activity: MarketActivity;
  now: () => number;
}

const opposite = (side: OrderSide): OrderSide => (side === 'BUY' ? 'SELL' : 'BUY');
const ownPrice = (order: Pick<OrderRecord, 'outcome'>, yesPips: number) => (order.outcome === 0 ? yesPips : complementPips(yesPips));
const fakeHash = (text: string) => `0x${createHash('sha256').update(text).digest('hex')}`;

export class Settlement {
  constructor(private readonly deps: SettlementDeps) {}

  /** A user order took liquidity: one trade per price level, makers of both kinds inside. */
  settleTaker(entry: MarketEntry, taker: OrderRecord, fills: readonly BookFill[]): TradeRecord[] {
    if (fills.length === 0) return [];
    const now = this.deps.now();
    const trades: TradeRecord[] = [];
    for (const group of groupByPrice(fills)) {
      const yesPrice = (group[0] as BookFill).price;
      const size = group.reduce((sum, f) => sum + f.size, 0);
      const id = randomUUID();
      const makers = group.map((fill, i): MakerFill => {
        const maker = fill.makerOrderId === null ? undefined : this.deps.orders.get(fill.makerOrderId);
        if (maker) return this.fillMaker(maker, yesPrice, fill.size, id);
        return {
          orderId: fakeHash(`house-order:${id}:${i}`), owner: '', signer: null, makerAddress: HOUSE_ADDRESS, size: fill.size,
          price: ownPrice(taker, yesPrice), tokenId: taker.tokenId, outcome: taker.outcome, side: opposite(taker.side),
        };
      });
      this.apply(taker, yesPrice, size, id);
      const trade: TradeRecord = {
        id, takerOrderId: taker.id, takerOwner: taker.owner, takerSigner: taker.signer, takerAddress: taker.maker,
        market: entry.market.conditionId, tokenId: taker.tokenId, outcome: taker.outcome, side: taker.side,
        price: ownPrice(taker, yesPrice), size, matchTimeMs: now, transactionHash: fakeHash(`trade:${id}`), makers,
        ...(taker.builder ? { takerBuilder: taker.builder } : {}),
      };
      this.deps.trades.add(trade);
      this.notify(trade, taker, 'TAKER', size, entry.market.tickSize);
      for (const fill of group) {
        const maker = fill.makerOrderId === null ? undefined : this.deps.orders.get(fill.makerOrderId);
        if (maker) this.afterMakerFill(maker, trade, fill.size, entry.market.tickSize);
      }
      trades.push(trade);
    }
    this.deps.activity.record(entry, fills, now);
    return trades;
  }

  /** A simulated participant started these fills: settle the users' resting orders among the makers. */
  settleHouse(entry: MarketEntry, fills: readonly BookFill[]): void {
    const now = this.deps.now();
    for (const fill of fills) {
      const maker = fill.makerOrderId === null ? undefined : this.deps.orders.get(fill.makerOrderId);
      if (!maker) continue;
      const id = randomUUID();
      const makerFill = this.fillMaker(maker, fill.price, fill.size, id);
      const trade: TradeRecord = {
        id, takerOrderId: fakeHash(`house-order:${id}`), takerOwner: '', takerSigner: null, takerAddress: HOUSE_ADDRESS,
        market: entry.market.conditionId, tokenId: maker.tokenId, outcome: maker.outcome, side: opposite(maker.side),
        price: makerFill.price, size: fill.size, matchTimeMs: now, transactionHash: fakeHash(`trade:${id}`), makers: [makerFill],
      };
      this.deps.trades.add(trade);
      this.afterMakerFill(maker, trade, fill.size, entry.market.tickSize);
    }
    this.deps.activity.record(entry, fills, now);
  }

  /** Gives back whatever an order still holds (it will not spend it any more). */
  release(order: OrderRecord): void {
    if (order.reserved > 0n) this.deps.ledger.release(order.maker, reservedAssetOf(order), order.reserved);
    order.reserved = 0n;
  }

  private fillMaker(maker: OrderRecord, yesPrice: number, size: number, tradeId: string): MakerFill {
    this.apply(maker, yesPrice, size, tradeId);
    return {
      orderId: maker.id, owner: maker.owner, signer: maker.signer, makerAddress: maker.maker, size,
      price: ownPrice(maker, yesPrice), tokenId: maker.tokenId, outcome: maker.outcome, side: maker.side,
      ...(maker.builder ? { builder: maker.builder } : {}),
    };
  }

  private afterMakerFill(maker: OrderRecord, trade: TradeRecord, size: number, tick: TickSize): void {
    if (maker.sizeMatched >= maker.originalSize && maker.status === 'LIVE') {
      this.deps.orders.close(maker, 'MATCHED');
      this.release(maker);
    }
    this.notify(trade, maker, 'MAKER', size, tick);
  }

  /** The balance moves of one participant for `size` at Yes price `yesPrice`, out of its reservation. */
  private apply(order: OrderRecord, yesPrice: number, size: number, tradeId: string): void {
    const { ledger } = this.deps;
    const price = ownPrice(order, yesPrice);
    const shares = centsToBaseUnits(size);
    const collateral = costOf(size, price);
    if (order.side === 'BUY') {
      ledger.spendReserved(order.maker, COLLATERAL, collateral);
      order.reserved -= collateral;
      ledger.credit(order.maker, order.tokenId, shares);
    } else {
      ledger.spendReserved(order.maker, order.tokenId, shares);
      order.reserved -= shares;
      ledger.credit(order.maker, COLLATERAL, collateral);
    }
    order.sizeMatched += size;
    if (!order.tradeIds.includes(tradeId)) order.tradeIds.push(tradeId);
  }

  private notify(trade: TradeRecord, order: OrderRecord, role: 'TAKER' | 'MAKER', size: number, tick: TickSize): void {
    const yesPrice = trade.outcome === 0 ? trade.price : complementPips(trade.price);
    this.deps.notifications.push(order.signer, NOTIFICATION_TYPES.orderFilled, {
      trade_id: trade.id, order_id: order.id, market: order.market, asset_id: order.tokenId, side: order.side,
      outcome: outcomeName(order.outcome), trader_side: role, price: formatPrice(ownPrice(order, yesPrice), tick),
      matched_size: formatSize(size), size_matched: formatSize(order.sizeMatched), original_size: formatSize(order.originalSize),
    }, trade.matchTimeMs);
  }
}
