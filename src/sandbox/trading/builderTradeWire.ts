/**
 * The rows of GET /builder/trades, in the public reference client's `BuilderTrade` shape. A
 * trade gives one row per order of it that carried the builder's code: the taker order
 * (`tradeType` TAKER) and each maker order (MAKER), each with its own side, price, size and
 * outcome. `orderHash` (a sandbox addition) names that order, so the rows of one trade stay
 * apart. `builder` is the checksummed owner address of the builder key, `owner` the
 * checksummed signer of the order and `maker` its funder; fees are zero in the sandbox.
 */
import { getAddress } from 'viem';
import type { TickSize } from '../../shared/protocol/clob';
import { formatPrice, formatSize } from '../clob/units';
import { costOf, formatBaseUnits } from './amounts';
import type { TradeRecord } from './tradeLog';
import { outcomeName } from './tradingWire';

export interface BuilderTradeRow {
  trade: TradeRecord;
  role: 'TAKER' | 'MAKER';
  orderId: string;
  signer: string;
  funder: string;
  tokenId: string;
  side: TradeRecord['side'];
  outcome: 0 | 1;
  /** Pips of the order's own outcome. */
  price: number;
  /** Hundredths of a share. */
  size: number;
}

/** The rows of `trade` attributed to the (lower-case) builder `code`, taker first. */
export function builderRowsOf(trade: TradeRecord, code: string): BuilderTradeRow[] {
  const rows: BuilderTradeRow[] = [];
  if (trade.takerBuilder === code && trade.takerSigner) {
    rows.push({
      trade, role: 'TAKER', orderId: trade.takerOrderId, signer: trade.takerSigner, funder: trade.takerAddress,
      tokenId: trade.tokenId, side: trade.side, outcome: trade.outcome, price: trade.price, size: trade.size,
    });
  }
  for (const maker of trade.makers) {
    if (maker.builder !== code || !maker.signer) continue;
    rows.push({
      trade, role: 'MAKER', orderId: maker.orderId, signer: maker.signer, funder: maker.makerAddress,
      tokenId: maker.tokenId, side: maker.side, outcome: maker.outcome, price: maker.price, size: maker.size,
    });
  }
  return rows;
}

export function builderTradeJson(row: BuilderTradeRow, code: string, builderOwner: string, tick: TickSize) {
  const { trade } = row;
  const matchTime = String(Math.floor(trade.matchTimeMs / 1000));
  const at = new Date(trade.matchTimeMs).toISOString();
  return {
    id: trade.id,
    tradeType: row.role,
    takerOrderHash: trade.takerOrderId,
    orderHash: row.orderId,
    builder: getAddress(builderOwner),
    market: trade.market,
    assetId: row.tokenId,
    side: row.side,
    size: formatSize(row.size),
    sizeUsdc: formatBaseUnits(costOf(row.size, row.price)),
    price: formatPrice(row.price, tick),
    status: 'CONFIRMED',
    outcome: outcomeName(row.outcome),
    outcomeIndex: row.outcome,
    owner: getAddress(row.signer),
    maker: getAddress(row.funder),
    transactionHash: trade.transactionHash,
    matchTime,
    bucketIndex: 0,
    fee: '0',
    feeUsdc: '0',
    builderFee: '0',
    builderCode: code,
    err_msg: null,
    createdAt: at,
    updatedAt: at,
  };
}
