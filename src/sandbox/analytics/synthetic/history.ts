/**
 * One synthetic wallet's three-year activity history, computed on demand: row i is a pure
 * function of (seed, wallet, i) and timestamps never decrease with i, so the feed can seek by
 * binary search and only the rows of the page being served are ever built. Nothing is generated
 * at start-up (the app starts the sandbox on every launch).
 *
 * A row's "kind" (type, side, outcome, market) is one packed integer, cheap enough to compute for
 * every row a filtered scan passes over; the full row is built only for rows that are served.
 */
import { ACTIVITY_TYPES, UNLABELED_OUTCOME_INDEX, type ActivityRow, type ActivityType } from '../../../shared/protocol/analytics';
import type { MarketIndex } from '../marketIndex';
import { OUTCOME_NAMES } from '../marketIndex';
import { THREE_YEARS_S } from '../window';
import { hashString, hexFrom, mix } from './mix';
import { HISTORY_WALLET_LIST, type HistoryWalletSpec } from './wallets';

/** Per-mille weights, in ACTIVITY_TYPES order (TRADE … TIP). */
const TYPE_WEIGHTS = [640, 50, 40, 50, 20, 50, 50, 40, 60] as const;
const TYPE_BY_ROLL: number[] = TYPE_WEIGHTS.flatMap((w, type) => Array<number>(w).fill(type));
const [TRADE, SPLIT, MERGE, REDEEM, CONVERSION] = [0, 1, 2, 3, 4];
const TIP = 8;

/** Packed kind: bits 0-3 type, bit 4 side (SELL / OUT), bit 5 outcome (No), bits 6+ market index + 1 (0 = none). */
export const kindType = (kind: number): number => kind & 15;
export const kindSide = (kind: number): number => (kind >>> 4) & 1;
export const kindMarket = (kind: number): number => (kind >>> 6) - 1;
export const packKind = (type: number, side: number, outcome: number, market: number): number =>
  type | (side << 4) | (outcome << 5) | ((market + 1) << 6);
export const typeCode = (type: ActivityType): number => ACTIVITY_TYPES.indexOf(type);

/** Polygon-like block numbers: two-second blocks from a fixed reference. */
export const blockAt = (ts: number): number => 40_000_000 + Math.floor((ts - 1_680_000_000) / 2);

const round2 = (x: number) => Math.round(x * 100) / 100;

export class SyntheticHistory {
  readonly count: number;
  private readonly key: number;
  private readonly startS: number;
  private readonly spanS: number;

  constructor(
    readonly wallet: HistoryWalletSpec,
    seed: number,
    /** The history's last second (the world's "now" minus an hour). */
    endS: number,
    private readonly markets: MarketIndex,
  ) {
    this.count = wallet.rows;
    this.key = mix(seed >>> 0, hashString(wallet.address));
    this.spanS = THREE_YEARS_S - 3_600;
    this.startS = endS - this.spanS;
  }

  /** Non-decreasing in i; consecutive pairs share a block (ties the sequence id breaks). */
  ts(i: number): number {
    return this.startS + Math.floor(((i - (i & 1)) * this.spanS) / this.count);
  }

  kind(i: number): number {
    const h = mix(this.key, i);
    const type = TYPE_BY_ROLL[h % 1000] as number;
    const pick = h >>> 10;
    const { markets } = this;
    let market = -1;
    if (type === REDEEM && markets.resolved.length > 0) market = (markets.resolved[pick % markets.resolved.length])!.index;
    else if (type === CONVERSION && markets.negRisk.length > 0) market = (markets.negRisk[pick % markets.negRisk.length])!.index;
    else if (type === TRADE || type === SPLIT || type === MERGE || type === REDEEM || type === CONVERSION) market = pick % markets.markets.length;
    return packKind(type, (h >>> 28) & 1, (h >>> 29) & 1, market);
  }

  /** Shares and trade price of row i (what position math needs, without building the row). */
  amounts(i: number): { size: number; price: number } {
    const h = mix(mix(this.key, i), 0x51ed);
    return { size: round2(1 + (h % 500_000) / 100), price: (1 + (mix(h, 1) % 99)) / 100 };
  }

  row(i: number, sequenceId: number): ActivityRow {
    const kind = this.kind(i);
    const type = kindType(kind);
    const h = mix(mix(this.key, i), 0x51ed);
    const ts = this.ts(i);
    const entry = kindMarket(kind) >= 0 ? this.markets.markets[kindMarket(kind)] : undefined;
    const outcomeBit = (kind >>> 5) & 1;
    const { size, price: tradePrice } = this.amounts(i);
    const unavailable = (h >>> 20) % 61 === 0;
    const unlabeled = entry !== undefined && (h >>> 8) % 97 === 0;
    const base: ActivityRow = {
      proxy_wallet: this.wallet.address, type: ACTIVITY_TYPES[type] as ActivityType, block_timestamp: ts, sequence_id: sequenceId,
      block_number: blockAt(ts), log_index: (i & 1) + (h % 7) * 2, transaction_hash: `0x${hexFrom(this.key, i >>> 1, 32)}`,
      condition_id: entry?.market.conditionId ?? null, market_id: entry?.market.id ?? null, event_id: entry?.event.id ?? null,
      event_slug: entry?.event.slug ?? null, title: entry?.market.question ?? null, outcome: null, outcome_index: null,
      token_id: null, side: null, size, price: null, size_usdc: size, counterparty: null,
    };
    if (type === TRADE || type === REDEEM) {
      const price = type === REDEEM ? (entry?.market.resolvedOutcome === outcomeBit ? 1 : 0) : tradePrice;
      base.outcome = unlabeled ? null : OUTCOME_NAMES[outcomeBit]!;
      base.outcome_index = unlabeled ? UNLABELED_OUTCOME_INDEX : outcomeBit;
      base.token_id = entry ? entry.market.tokenIds[outcomeBit]! : null;
      base.side = type === TRADE ? (kindSide(kind) ? 'SELL' : 'BUY') : null;
      base.price = unavailable ? null : price;
      base.size_usdc = unavailable ? null : round2(size * price);
    } else if (type === TIP) {
      base.side = kindSide(kind) ? 'OUT' : 'IN';
      base.size = round2(size / 50);
      base.size_usdc = base.size;
      const others = HISTORY_WALLET_LIST.filter((w) => w.address !== this.wallet.address);
      base.counterparty = h % 3 === 0 ? `0x${hexFrom(h, 0x71b, 20)}` : others[h % others.length]!.address;
    } else if (unavailable) {
      base.size_usdc = null;
    }
    return base;
  }
}
