/**
 * Trades across wallets, for `/v2/trades` by market or event and for the bare feed: the
 * synthetic wallets' TRADE rows indexed per market (built on first use, one pass over the
 * histories) plus the real fills from the ledger. An entry's order key is (ts, ord): ord is
 * wallet ordinal × 2^20 + feed position for synthetic rows, 2^40 + fill number for real ones,
 * so real fills sort after history rows of the same second and new fills only extend the end.
 */
import type { TradeRow, ActivityRow } from '../../shared/protocol/analytics';
import type { ActivityLedger } from './ledger';
import { kindMarket, kindType, typeCode } from './synthetic/history';
import { HISTORY_WALLET_LIST } from './synthetic/wallets';

export interface TradeEntry {
  ts: number;
  ord: number;
}

const REAL = 2 ** 40;
const WALLET = 2 ** 20;
const TRADE = typeCode('TRADE');

export function tradeRowOf(row: ActivityRow, role: 'maker' | 'taker'): TradeRow {
  return {
    proxy_wallet: row.proxy_wallet, side: row.side === 'SELL' ? 'SELL' : 'BUY', role, condition_id: row.condition_id ?? '',
    token_id: row.token_id ?? '', market_id: row.market_id ?? '', event_slug: row.event_slug ?? '', title: row.title ?? '',
    outcome: row.outcome, outcome_index: row.outcome_index ?? 999, size: row.size ?? 0, price: row.price, size_usdc: row.size_usdc,
    block_timestamp: row.block_timestamp, sequence_id: row.sequence_id, transaction_hash: row.transaction_hash,
  };
}

export class TradeIndex {
  private perMarket: TradeEntry[][] | null = null;
  private recent: { fromS: number; entries: TradeEntry[] } | null = null;

  constructor(private readonly ledger: ActivityLedger) {}

  private marketLists(): TradeEntry[][] {
    if (this.perMarket) return this.perMarket;
    const lists: TradeEntry[][] = this.ledger.markets.markets.map(() => []);
    HISTORY_WALLET_LIST.forEach((spec, w) => {
      const feed = this.ledger.feed(spec.address);
      for (let p = 0; p < feed.count; p += 1) {
        const kind = feed.kind(p);
        if (kindType(kind) === TRADE) lists[kindMarket(kind)]?.push({ ts: feed.ts(p), ord: w * WALLET + p });
      }
    });
    for (const list of lists) list.sort(compare);
    this.perMarket = lists;
    return lists;
  }

  /** Every trade on the given markets, oldest first. */
  forMarkets(markets: ReadonlySet<number>): TradeEntry[] {
    const lists = this.marketLists();
    const out: TradeEntry[] = [];
    for (const m of markets) out.push(...(lists[m] ?? []));
    this.ledger.fills.forEach((fill, i) => {
      if (markets.has(fill.marketIndex)) out.push({ ts: fill.trade.block_timestamp, ord: REAL + i });
    });
    return out.sort(compare);
  }

  /** Every trade from `fromS` on, oldest first (the synthetic part is cached per start). */
  since(fromS: number): TradeEntry[] {
    if (this.recent?.fromS !== fromS) {
      const entries: TradeEntry[] = [];
      HISTORY_WALLET_LIST.forEach((spec, w) => {
        const feed = this.ledger.feed(spec.address);
        for (let p = feed.firstAtOrAfter(fromS); p < feed.count; p += 1) {
          if (kindType(feed.kind(p)) === TRADE) entries.push({ ts: feed.ts(p), ord: w * WALLET + p });
        }
      });
      this.recent = { fromS, entries: entries.sort(compare) };
    }
    const out = [...this.recent.entries];
    this.ledger.fills.forEach((fill, i) => {
      if (fill.trade.block_timestamp >= fromS) out.push({ ts: fill.trade.block_timestamp, ord: REAL + i });
    });
    return out.sort(compare);
  }

  row(entry: TradeEntry): TradeRow {
    if (entry.ord >= REAL) return this.ledger.fills[entry.ord - REAL]!.trade;
    const spec = HISTORY_WALLET_LIST[Math.floor(entry.ord / WALLET)]!;
    const p = entry.ord % WALLET;
    return tradeRowOf(this.ledger.feed(spec.address).row(p), p % 3 === 0 ? 'maker' : 'taker');
  }
}

function compare(a: TradeEntry, b: TradeEntry): number {
  return a.ts - b.ts || a.ord - b.ord;
}
