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
import type { ByteWriter } from '../byteWriter';
import { hashString, hexFrom, mix } from './mix';
import { KEYS, put, putAmount, putAscii, putHexWord, putInt, SIDE_BYTES } from './rowBytes';
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
/** Shares and trade price from a row's second hash, mix(mix(key, i), 0x51ed). */
const sizeOf = (h: number) => round2(1 + (h % 500_000) / 100);
const priceOf = (h: number) => (1 + (mix(h, 1) % 99)) / 100;

export class SyntheticHistory {
  readonly count: number;
  private readonly key: number;
  private readonly startS: number;
  private readonly spanS: number;
  /** The other synthetic wallets (tip counterparties). */
  private readonly others: readonly HistoryWalletSpec[];

  constructor(
    readonly wallet: HistoryWalletSpec,
    seed: number,
    /** The history's last second (the world's "now" minus an hour). */
    endS: number,
    private readonly markets: MarketIndex,
  ) {
    this.count = wallet.rows;
    this.others = HISTORY_WALLET_LIST.filter((w) => w.address !== wallet.address);
    this.key = mix(seed >>> 0, hashString(wallet.address));
    this.spanS = THREE_YEARS_S - 3_600;
    this.startS = endS - this.spanS;
  }

  /** Non-decreasing in i; consecutive pairs share a block (ties the sequence id breaks). */
  ts(i: number): number {
    return this.startS + Math.floor(((i - (i & 1)) * this.spanS) / this.count);
  }

  kind(i: number): number {
    return this.kindOf(mix(this.key, i));
  }

  /** The packed kind drawn from row i's first hash, mix(key, i). */
  private kindOf(h: number): number {
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
    return { size: sizeOf(h), price: priceOf(h) };
  }

  /**
   * Every value of row i, computed once for both the object and the JSON text. The page path
   * passes one record it reuses for every row (a thousand short-lived objects a page add up).
   */
  private parts(i: number, into: RowParts = emptyParts()): RowParts {
    const h0 = mix(this.key, i);
    const kind = this.kindOf(h0);
    const type = kindType(kind);
    const h = mix(h0, 0x51ed);
    const market = kindMarket(kind);
    const outcomeBit = (kind >>> 5) & 1;
    const size = sizeOf(h);
    const unavailable = (h >>> 20) % 61 === 0;
    into.type = type;
    into.ts = this.ts(i);
    into.log = (i & 1) + (h % 7) * 2;
    into.market = market;
    into.outcomeMode = 0;
    into.side = null;
    into.size = size;
    into.price = null;
    into.sizeUsdc = unavailable ? null : size;
    into.counterparty = null;
    if (type === TRADE || type === REDEEM) {
      const entry = market >= 0 ? this.markets.markets[market] : undefined;
      const price = type === REDEEM ? (entry?.market.resolvedOutcome === outcomeBit ? 1 : 0) : priceOf(h);
      const unlabeled = entry !== undefined && (h >>> 8) % 97 === 0;
      into.outcomeMode = (unlabeled ? 3 : 1) + outcomeBit;
      into.side = type === TRADE ? (kindSide(kind) ? 'SELL' : 'BUY') : null;
      into.price = unavailable ? null : price;
      into.sizeUsdc = unavailable ? null : round2(size * price);
    } else if (type === TIP) {
      into.side = kindSide(kind) ? 'OUT' : 'IN';
      into.size = round2(size / 50);
      into.sizeUsdc = into.size;
      into.counterparty = h % 3 === 0 ? `0x${hexFrom(h, 0x71b, 20)}` : this.others[h % this.others.length]!.address;
    }
    return into;
  }

  row(i: number, sequenceId: number): ActivityRow {
    const p = this.parts(i);
    const entry = p.market >= 0 ? this.markets.markets[p.market] : undefined;
    const labeled = p.outcomeMode === 1 || p.outcomeMode === 2;
    const outcome = p.outcomeMode === 0 ? null : (p.outcomeMode - 1) & 1;
    return {
      proxy_wallet: this.wallet.address, type: ACTIVITY_TYPES[p.type] as ActivityType, block_timestamp: p.ts, sequence_id: sequenceId,
      block_number: blockAt(p.ts), log_index: p.log, transaction_hash: `0x${hexFrom(this.key, i >>> 1, 32)}`,
      condition_id: entry?.market.conditionId ?? null, market_id: entry?.market.id ?? null, event_id: entry?.event.id ?? null,
      event_slug: entry?.event.slug ?? null, title: entry?.market.question ?? null,
      outcome: labeled ? OUTCOME_NAMES[outcome!]! : null,
      outcome_index: outcome === null ? null : labeled ? outcome : UNLABELED_OUTCOME_INDEX,
      token_id: entry && outcome !== null ? entry.market.tokenIds[outcome as 0 | 1] : null,
      side: p.side, size: p.size, price: p.price, size_usdc: p.sizeUsdc, counterparty: p.counterparty,
    };
  }

  /**
   * Writes `JSON.stringify(this.row(i, sequenceId))` as UTF-8 bytes straight into `out`, with the
   * wallet/type prefix and each market's escaped fields prepared once: the page path of
   * `/v2/activity` (a unit test holds the bytes equal to the object's JSON).
   */
  writeRowJson(i: number, sequenceId: number, out: ByteWriter): void {
    const p = this.parts(i, this.scratch);
    const prefix = this.prefix(p.type);
    const fragment = this.marketFragment(p.market, p.outcomeMode);
    const tx = this.txHex(i >>> 1);
    // Everything but the two prepared pieces is under 400 bytes: one reservation per row.
    out.room(prefix.length + fragment.length + 400);
    const buf = out.buffer;
    let pos = put(buf, out.pos, prefix);
    pos = putInt(buf, pos, p.ts);
    pos = putInt(buf, put(buf, pos, KEYS.sequence), sequenceId);
    pos = putInt(buf, put(buf, pos, KEYS.block), blockAt(p.ts));
    pos = putInt(buf, put(buf, pos, KEYS.log), p.log);
    pos = put(buf, put(buf, put(buf, pos, KEYS.tx), tx), KEYS.txEnd);
    pos = put(buf, pos, fragment);
    pos = put(buf, pos, SIDE_BYTES[p.side ?? 'null']!);
    // Every amount has at most two decimals: written from its cents, as JSON would print it.
    pos = putAmount(buf, pos, p.size);
    pos = putAmount(buf, put(buf, pos, KEYS.price), p.price);
    pos = putAmount(buf, put(buf, pos, KEYS.sizeUsdc), p.sizeUsdc);
    pos = p.counterparty === null ? put(buf, pos, KEYS.noCounterparty) : put(buf, putAscii(buf, put(buf, pos, KEYS.counterparty), p.counterparty), KEYS.close);
    out.pos = pos;
  }

  private readonly scratch = emptyParts();

  /** The two rows of a block share a transaction: its hex is written once and reused. */
  private readonly tx = { pair: -1, bytes: new Uint8Array(64) };

  private txHex(pair: number): Uint8Array {
    const { tx } = this;
    if (tx.pair !== pair) {
      // Eight words, each hashing the one before: the same bytes as hexFrom(key, pair, 32).
      let word = mix(this.key, pair);
      putHexWord(tx.bytes, 0, word);
      for (let w = 1; w < 8; w += 1) putHexWord(tx.bytes, w * 8, (word = mix(word, w)));
      tx.pair = pair;
    }
    return tx.bytes;
  }

  private readonly prefixes: Buffer[] = [];

  private prefix(type: number): Buffer {
    return (this.prefixes[type] ??= Buffer.from(`{"proxy_wallet":"${this.wallet.address}","type":"${ACTIVITY_TYPES[type]!}","block_timestamp":`));
  }

  private readonly fragments: Array<Buffer | undefined> = [];

  /** condition_id … token_id of a market and outcome mode, JSON-escaped, cached. */
  private marketFragment(market: number, outcomeMode: number): Buffer {
    const key = (market + 1) * 8 + outcomeMode;
    let text = this.fragments[key];
    if (text === undefined) {
      const entry = market >= 0 ? this.markets.markets[market] : undefined;
      const labeled = outcomeMode === 1 || outcomeMode === 2;
      const outcome = outcomeMode === 0 ? null : (outcomeMode - 1) & 1;
      const fields = {
        condition_id: entry?.market.conditionId ?? null, market_id: entry?.market.id ?? null, event_id: entry?.event.id ?? null,
        event_slug: entry?.event.slug ?? null, title: entry?.market.question ?? null, outcome: labeled ? OUTCOME_NAMES[outcome!]! : null,
        outcome_index: outcome === null ? null : labeled ? outcome : UNLABELED_OUTCOME_INDEX,
        token_id: entry && outcome !== null ? entry.market.tokenIds[outcome as 0 | 1] : null,
      } satisfies Partial<ActivityRow>;
      text = Buffer.from(JSON.stringify(fields).slice(1, -1));
      this.fragments[key] = text;
    }
    return text;
  }
}

/** The values of one synthetic row. outcomeMode: 0 none, 1/2 Yes/No, 3/4 unlabeled Yes/No token. */
interface RowParts {
  type: number;
  ts: number;
  log: number;
  market: number;
  outcomeMode: number;
  side: ActivityRow['side'];
  size: number;
  price: number | null;
  sizeUsdc: number | null;
  counterparty: string | null;
}

const emptyParts = (): RowParts => ({
  type: 0, ts: 0, log: 0, market: -1, outcomeMode: 0, side: null, size: 0, price: null, sizeUsdc: null, counterparty: null,
});
