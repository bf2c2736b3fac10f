/**
 * The trading half's state and its synchronous operations: placing a verified order (the
 * checks from the market on, then matching), cancels, GTD expiry, and restore from the state
 * file. Routes do authentication, modes, payload shape and signature recovery first and hand
 * over here; nothing on that path awaits, so two requests can never interleave between a
 * balance check and the reservation that follows it.
 *
 * Matching happens on the market's book (clob/marketBook.ts): a user order sweeps the
 * simulated levels and other users' resting orders by price, then rests its remainder (GTC,
 * GTD) or drops it (FOK, FAK). Fills the simulation starts against resting user orders arrive
 * through each book's `onHouseFills`.
 */
import type { Hex } from 'viem';
import type { PostOrderResponse } from '../../shared/orders/orderSchema';
import type { Exchange, MarketEntry } from '../clob/exchange';
import type { BookSide, MarketBook } from '../clob/marketBook';
import { complementPips, PIPS_PER_UNIT } from '../clob/units';
import { baseUnitsToCents, BASE_UNITS_PER_SHARE, centsToBaseUnits, costOf, formatBaseUnits, limitPips } from './amounts';
import { MarketActivity } from './marketActivity';
import { NOTIFICATION_TYPES, NotificationBox, type NotificationRecord } from './notificationBox';
import type { ParsedOrder } from './orderPayload';
import { OrderStore, reservedAssetOf, type OrderRecord } from './orderStore';
import { COLLATERAL, PaperLedger, type LedgerEntry } from './paperLedger';
import { Settlement } from './settlement';
import { TradeLog, type TradeRecord } from './tradeLog';
import { TRADING_MESSAGES } from './tradingMessages';
import { outcomeName } from './tradingWire';

export type Placement =
  | { ok: true; response: PostOrderResponse }
  | { ok: false; status: number; message: string; orderId: string };

export interface CancelResult {
  canceled: string[];
  not_canceled: Record<string, string>;
}

export interface FunderLink {
  signer: string;
  signatureType: number;
  funder: string;
}

export interface TradingSnapshot {
  balances: LedgerEntry[];
  orders: OrderRecord[];
  trades: TradeRecord[];
  notifications: { nextId: number; byAddress: Record<string, NotificationRecord[]> };
  funders: FunderLink[];
}

/** Why the exchange itself closed an order (told in a type-1 notification). */
type SystemReason = 'expired' | 'heartbeat timeout';

/** setTimeout's ceiling is ~24.8 days; a far expiry is re-checked at this interval instead. */
const MAX_TIMER_MS = 3_600_000;
/** Expirations from the year 2286 on are refused as invalid (and stay safe integers in ms). */
const MAX_EXPIRATION_SECONDS = 10_000_000_000n;

const reject = (status: number, message: string, orderId = ''): Placement => ({ ok: false, status, message, orderId });

export class TradingDesk {
  readonly ledger = new PaperLedger();
  readonly orders = new OrderStore();
  readonly trades = new TradeLog();
  readonly notifications = new NotificationBox();
  readonly activity: MarketActivity;
  private readonly settlement: Settlement;
  private readonly funders = new Map<string, string>();
  private expiryTimer: NodeJS.Timeout | null = null;
  private expiryAtMs = Infinity;
  private closed = false;
  /** Runs after order and funder changes (balances, trades and notifications report their own). */
  onChange: () => void = () => {};

  constructor(
    private readonly exchange: Exchange,
    seed: number,
    private readonly now: () => number = Date.now,
  ) {
    this.activity = new MarketActivity(seed, Math.floor(now() / 60_000));
    this.settlement = new Settlement({
      ledger: this.ledger, orders: this.orders, trades: this.trades, notifications: this.notifications, activity: this.activity, now,
    });
    for (const entry of exchange.liveMarkets()) {
      entry.book.onHouseFills = (fills) => {
        this.settlement.settleHouse(entry, fills);
        // Simulated trades among themselves are not account state: no save for those.
        if (fills.some((f) => f.makerOrderId !== null)) this.onChange();
      };
    }
  }

  /** Places an order whose payload, signature and signer have been checked. */
  place(order: ParsedOrder, id: Hex, apiKey: string): Placement {
    this.expireDue();
    const token = this.exchange.token(order.tokenId);
    if (!token) return reject(400, TRADING_MESSAGES.invalidOrderPayload, id);
    const { entry, outcome } = token;
    const { book, market } = entry;
    if (!book) return reject(400, TRADING_MESSAGES.marketNotReady, id);

    const tick = BigInt(book.tickPips);
    const limit = limitPips(order.side, order.makerAmount, order.takerAmount);
    if (limit < tick || limit > BigInt(PIPS_PER_UNIT) - tick || limit % tick !== 0n) {
      return reject(400, TRADING_MESSAGES.tickRule(id, formatBaseUnits(limit * 100n), market.tickSize), id);
    }
    const shares = order.side === 'BUY' ? order.takerAmount : order.makerAmount;
    const rests = order.orderType === 'GTC' || order.orderType === 'GTD';
    // FOK and FAK are market orders, sized in dollars by clients; the share minimum is for resting orders.
    if (rests && shares < BigInt(market.minOrderSize) * BASE_UNITS_PER_SHARE) {
      return reject(400, TRADING_MESSAGES.minSize(id, formatBaseUnits(shares), String(market.minOrderSize)), id);
    }
    if (this.orders.has(id)) return reject(400, TRADING_MESSAGES.duplicated(id), id);
    if (!this.validExpiration(order)) return reject(400, TRADING_MESSAGES.invalidExpiration, id);
    const asset = order.side === 'BUY' ? COLLATERAL : order.tokenId;
    if (this.ledger.available(order.maker, asset) < order.makerAmount) return reject(400, TRADING_MESSAGES.notEnoughBalance, id);

    const price = Number(limit);
    const cents = baseUnitsToCents(shares);
    // In Yes terms a BUY of No sells Yes at 1 - p, a SELL of No buys Yes at 1 - p.
    const yesSide: BookSide = (outcome === 0) === (order.side === 'BUY') ? 'BUY' : 'SELL';
    const yesLimit = outcome === 0 ? price : complementPips(price);
    if (order.postOnly && book.crosses(yesSide, yesLimit)) return reject(400, TRADING_MESSAGES.postOnlyCrosses, id);
    const fillable = book.fillable(yesSide, cents, yesLimit);
    if (order.orderType === 'FOK' && (cents === 0 || fillable < cents)) return reject(400, TRADING_MESSAGES.fokNotFilled, id);
    if (order.orderType === 'FAK' && fillable === 0) return reject(400, TRADING_MESSAGES.fakNoMatch, id);

    this.ledger.reserve(order.maker, asset, order.makerAmount);
    const record = this.newRecord(order, id, apiKey, entry, outcome, price, cents);
    this.orders.add(record);
    if (order.signatureType !== 0) this.funders.set(`${record.signer}#${order.signatureType}`, record.maker);
    const trades = this.settlement.settleTaker(entry, record, book.sweep(yesSide, cents, yesLimit));
    const remaining = cents - record.sizeMatched;
    if (remaining > 0 && rests) {
      book.addResting(yesSide === 'BUY' ? 'bids' : 'asks', id, yesLimit, remaining);
      if (record.expiration > 0) this.scheduleExpiry(record.expiration * 1000);
    } else {
      this.orders.close(record, record.sizeMatched > 0 ? 'MATCHED' : 'CANCELED');
      this.settlement.release(record);
    }
    this.onChange();
    return { ok: true, response: this.postResponse(record, trades) };
  }

  /** Cancels the listed orders of `address`; ids of others' or closed orders come back with a reason. */
  cancel(address: string, ids: readonly string[]): CancelResult {
    this.expireDue();
    const result: CancelResult = { canceled: [], not_canceled: {} };
    for (const id of ids) {
      const order = this.orders.get(id);
      if (!order || order.signer !== address || order.status === 'CANCELED') result.not_canceled[id] = TRADING_MESSAGES.notCanceledUnknown;
      else if (order.status === 'MATCHED') result.not_canceled[id] = TRADING_MESSAGES.notCanceledMatched;
      else if (!result.canceled.includes(id)) {
        this.closeOrder(order, null);
        result.canceled.push(id);
      }
    }
    if (result.canceled.length > 0) this.onChange();
    return result;
  }

  /** Cancels every open order of `address` that `filter` keeps. */
  cancelWhere(address: string, filter: (order: OrderRecord) => boolean = () => true, reason: SystemReason | null = null): CancelResult {
    if (reason === null) this.expireDue();
    const result: CancelResult = { canceled: [], not_canceled: {} };
    for (const order of this.orders.openOrders(address)) {
      if (!filter(order)) continue;
      this.closeOrder(order, reason);
      result.canceled.push(order.id);
    }
    if (result.canceled.length > 0) this.onChange();
    return result;
  }

  /** Open orders of `address`, oldest first (expired GTD orders are gone first). */
  openOrders(address: string): OrderRecord[] {
    this.expireDue();
    return this.orders.openOrders(address);
  }

  /** The address whose balances a key's address reads with `signatureType` (see balance routes). */
  balanceAddress(signer: string, signatureType: number): string {
    if (signatureType === 0) return signer;
    const linked = this.funders.get(`${signer}#${signatureType}`);
    // Balance reads name no deposit-wallet type: a contract wallet read as SAFE_WALLET is either.
    if (linked === undefined && signatureType === 2) return this.funders.get(`${signer}#3`) ?? signer;
    return linked ?? signer;
  }

  linkFunder(signer: string, signatureType: number, funder: string): void {
    this.funders.set(`${signer.toLowerCase()}#${signatureType}`, funder.toLowerCase());
    this.onChange();
  }

  /** Cancels GTD orders whose expiration has come, and re-arms the one expiry timer. */
  expireDue(): void {
    const now = this.now();
    if (now < this.expiryAtMs) return;
    let next = Infinity;
    let expired = false;
    for (const order of this.orders.openOrders()) {
      if (order.expiration === 0) continue;
      const at = order.expiration * 1000;
      if (at <= now) {
        this.closeOrder(order, 'expired');
        expired = true;
      } else next = Math.min(next, at);
    }
    this.expiryAtMs = Infinity;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (next < Infinity) this.scheduleExpiry(next);
    if (expired) this.onChange();
  }

  snapshot(): TradingSnapshot {
    return {
      balances: this.ledger.snapshot(),
      orders: this.orders.all(),
      trades: this.trades.all(),
      notifications: this.notifications.snapshot(),
      funders: [...this.funders].map(([key, funder]) => {
        const [signer, type] = key.split('#') as [string, string];
        return { signer, signatureType: Number(type), funder };
      }),
    };
  }

  /**
   * Installs a saved state. Open orders reserve again and go back on their books in their
   * original order (so they keep time priority); where today's simulated quotes cross them,
   * they trade at once, as a book that reopens would.
   */
  restore(snapshot: TradingSnapshot): void {
    this.ledger.restore(snapshot.balances);
    this.trades.restore(snapshot.trades);
    this.notifications.restore(snapshot.notifications.nextId, snapshot.notifications.byAddress);
    this.funders.clear();
    for (const link of snapshot.funders) this.funders.set(`${link.signer}#${link.signatureType}`, link.funder);
    this.orders.clear();
    const reopen: OrderRecord[] = [];
    for (const saved of snapshot.orders) {
      const order = { ...saved, tradeIds: [...saved.tradeIds] };
      const book = this.exchange.token(order.tokenId)?.entry.book;
      if (order.status === 'LIVE' && (!book || !this.ledger.reserve(order.maker, reservedAssetOf(order), order.reserved))) {
        // Only a hand-edited file gets here: the order cannot be honoured, so it is closed.
        order.status = 'CANCELED';
        order.reserved = 0n;
      }
      this.orders.add(order);
      if (order.status === 'LIVE') reopen.push(order);
    }
    for (const order of reopen) {
      if (order.status !== 'LIVE') continue;
      const book = this.exchange.token(order.tokenId)?.entry.book as MarketBook;
      const yesPrice = order.outcome === 0 ? order.price : complementPips(order.price);
      const yesBid = (order.outcome === 0) === (order.side === 'BUY');
      book.restoreResting(yesBid ? 'bids' : 'asks', order.id, yesPrice, order.originalSize - order.sizeMatched);
    }
    this.expiryAtMs = 0;
    this.expireDue();
  }

  close(): void {
    this.closed = true;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }

  private validExpiration(order: ParsedOrder): boolean {
    if (order.orderType !== 'GTD') return order.expiration === 0n;
    const nowSeconds = BigInt(Math.floor(this.now() / 1000));
    return order.expiration > nowSeconds && order.expiration < MAX_EXPIRATION_SECONDS;
  }

  private newRecord(order: ParsedOrder, id: Hex, apiKey: string, entry: MarketEntry, outcome: 0 | 1, price: number, cents: number): OrderRecord {
    return {
      id, owner: apiKey, signer: order.signer.toLowerCase(), maker: order.maker.toLowerCase(),
      market: entry.market.conditionId, tokenId: order.tokenId, outcome, side: order.side,
      orderType: order.orderType, postOnly: order.postOnly, price, originalSize: cents, sizeMatched: 0,
      reserved: order.makerAmount, status: 'LIVE', createdAtMs: this.now(), expiration: Number(order.expiration),
      tradeIds: [], makerAmount: order.makerAmount.toString(), takerAmount: order.takerAmount.toString(),
      signatureType: order.signatureType, ...(order.builder ? { builder: order.builder } : {}),
    };
  }

  /** Takes an open order off its book and closes it; `reason` set when the exchange did it. */
  private closeOrder(order: OrderRecord, reason: SystemReason | null): void {
    this.exchange.token(order.tokenId)?.entry.book?.removeResting(order.id);
    this.orders.close(order, 'CANCELED');
    this.settlement.release(order);
    if (reason) {
      this.notifications.push(order.signer, NOTIFICATION_TYPES.orderCanceled, {
        order_id: order.id, market: order.market, asset_id: order.tokenId, side: order.side,
        outcome: outcomeName(order.outcome), reason,
      }, this.now());
    }
  }

  private scheduleExpiry(atMs: number): void {
    if (this.closed || atMs >= this.expiryAtMs) return;
    this.expiryAtMs = atMs;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, atMs - this.now()));
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      // A capped (far) expiry only re-checks; expireDue acts when the time has come.
      if (delay === MAX_TIMER_MS && this.now() < atMs) {
        this.expiryAtMs = Infinity;
        this.scheduleExpiry(atMs);
      } else this.expireDue();
    }, delay);
    this.expiryTimer.unref();
  }

  private postResponse(record: OrderRecord, trades: readonly TradeRecord[]): PostOrderResponse {
    let shares = 0n;
    let collateral = 0n;
    for (const trade of trades) {
      shares += centsToBaseUnits(trade.size);
      collateral += costOf(trade.size, trade.price);
    }
    const [making, taking] = record.side === 'BUY' ? [collateral, shares] : [shares, collateral];
    return {
      success: true,
      errorMsg: '',
      orderID: record.id,
      status: record.sizeMatched > 0 ? 'matched' : 'live',
      makingAmount: formatBaseUnits(making),
      takingAmount: formatBaseUnits(taking),
      tradeIDs: trades.map((t) => t.id),
      transactionsHashes: trades.map((t) => t.transactionHash),
    };
  }
}
