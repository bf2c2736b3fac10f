/**
 * Wire shapes of the trading half (wire-formats.md "Paths of the order-book service"):
 * open orders, trades, notifications and per-order post results. Prices are decimal strings on
 * the market's tick and sizes have two decimals, like the book; amounts in post results are
 * exact decimals of the 6-decimal base units; times are unix seconds.
 */
import { getAddress } from 'viem';
import type { PostOrderResponse } from '../../shared/orders/orderSchema';
import type { TickSize } from '../../shared/protocol/clob';
import { formatPrice, formatSize } from '../clob/units';
import type { NotificationRecord } from './notificationBox';
import type { OrderRecord } from './orderStore';
import type { MakerFill, TradeRecord } from './tradeLog';

/** Every sandbox market is binary with the catalog's outcomes `["Yes","No"]`. */
export const outcomeName = (outcome: 0 | 1): string => (outcome === 0 ? 'Yes' : 'No');

const seconds = (ms: number) => Math.floor(ms / 1000);
const checksum = (address: string) => getAddress(address);

export interface OpenOrderJson {
  id: string;
  status: string;
  owner: string;
  maker_address: string;
  market: string;
  asset_id: string;
  side: string;
  original_size: string;
  size_matched: string;
  price: string;
  associate_trades: string[];
  outcome: string;
  created_at: number;
  expiration: string;
  order_type: string;
}

export function openOrderJson(order: OrderRecord, tick: TickSize): OpenOrderJson {
  return {
    id: order.id,
    status: order.status,
    owner: order.owner,
    maker_address: checksum(order.maker),
    market: order.market,
    asset_id: order.tokenId,
    side: order.side,
    original_size: formatSize(order.originalSize),
    size_matched: formatSize(order.sizeMatched),
    price: formatPrice(order.price, tick),
    associate_trades: [...order.tradeIds],
    outcome: outcomeName(order.outcome),
    created_at: seconds(order.createdAtMs),
    expiration: String(order.expiration),
    order_type: order.orderType,
  };
}

function makerOrderJson(maker: MakerFill, viewer: string, tick: TickSize) {
  return {
    order_id: maker.orderId,
    // Other users' API keys are not shown to a viewer; the public service shows its own only.
    owner: maker.signer === viewer ? maker.owner : '',
    maker_address: checksum(maker.makerAddress),
    matched_amount: formatSize(maker.size),
    price: formatPrice(maker.price, tick),
    fee_rate_bps: '0',
    asset_id: maker.tokenId,
    outcome: outcomeName(maker.outcome),
    side: maker.side,
  };
}

/** A trade as `viewer` (a lower-case address) sees it: `trader_side` is the viewer's role. */
export function tradeJson(trade: TradeRecord, viewer: string, tick: TickSize) {
  const isTaker = trade.takerSigner === viewer;
  const matchTime = String(seconds(trade.matchTimeMs));
  return {
    id: trade.id,
    taker_order_id: trade.takerOrderId,
    market: trade.market,
    asset_id: trade.tokenId,
    side: trade.side,
    size: formatSize(trade.size),
    fee_rate_bps: '0',
    price: formatPrice(trade.price, tick),
    status: 'CONFIRMED',
    match_time: matchTime,
    last_update: matchTime,
    outcome: outcomeName(trade.outcome),
    bucket_index: 0,
    owner: isTaker ? trade.takerOwner : '',
    maker_address: checksum(trade.takerAddress),
    transaction_hash: trade.transactionHash,
    trader_side: isTaker ? 'TAKER' : 'MAKER',
    maker_orders: trade.makers.map((m) => makerOrderJson(m, viewer, tick)),
    type: 'TRADE',
  };
}

export function notificationJson(n: NotificationRecord, owner: string) {
  return { id: n.id, owner, type: n.type, timestamp: seconds(n.timestampMs), payload: n.payload };
}

/** A per-order failure inside the `POST /orders` array (and the body of nothing else). */
export const failedPost = (errorMsg: string, orderID = ''): PostOrderResponse => ({
  success: false, errorMsg, orderID, status: '', makingAmount: '', takingAmount: '',
});

/** Accepted, matched later (an injected `delayed` fault): the order id and status only. */
export const delayedPost = (orderID: string): PostOrderResponse => ({
  success: true, errorMsg: '', orderID, status: 'delayed', makingAmount: '', takingAmount: '',
});

/** Post-only mode in a batch: the order is refused, but the element says `success: true` (spec). */
export const postOnlyModePost = (errorMsg: string): PostOrderResponse => ({
  success: true, errorMsg, orderID: '', status: '', makingAmount: '', takingAmount: '',
});
