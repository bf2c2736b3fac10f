/**
 * The analytics service's view of "one world": every wallet's activity feed (synthetic history
 * plus real fills), and the fills themselves as trade rows. Real fills come from the order-book
 * service's trade log; they are taken in lazily before each read (the log only says "changed"),
 * scanning back from its newest end to the first trade already taken in.
 */
import { typeCode, packKind, blockAt, SyntheticHistory } from './synthetic/history';
import { historyWallet, HISTORY_WALLET_LIST } from './synthetic/wallets';
import type { ActivityRow, TradeRow } from '../../shared/protocol/analytics';
import type { TradeLog, TradeRecord } from '../trading/tradeLog';
import { HOUSE_ADDRESS } from '../trading/settlement';
import { OUTCOME_NAMES, type MarketIndex } from './marketIndex';
import { WalletFeed } from './walletFeed';
import { round6, type MovementSource, type WalletMovement } from './movementSource';

/** One funder's side of a real fill, as the activity and trades feeds show it. */
export interface RealFill {
  wallet: string;
  trade: TradeRow;
  marketIndex: number;
  /** Builder code the wallet's order carried, if any. */
  builder: string | null;
}

export class ActivityLedger {
  private readonly feeds = new Map<string, WalletFeed>();
  private readonly seen = new Set<string>();
  private dirty = true;
  /** Every real fill in arrival order (the `/v2/trades` market and bare feeds read this). */
  readonly fills: RealFill[] = [];
  private readonly fillBySequence = new Map<string, RealFill>();
  /** Bumped whenever real fills were taken in (caches of derived views key on it). */
  version = 0;

  constructor(
    readonly markets: MarketIndex,
    private readonly seed: number,
    /** Last second of the synthetic histories. */
    readonly historyEndS: number,
    private readonly log: TradeLog | null,
    /** Other services' rows for the feeds (perps transfers and deposits), merged in by time. */
    private readonly sources: readonly MovementSource[] = [],
  ) {
    if (log) {
      const previous = log.onChange;
      log.onChange = () => {
        previous();
        this.dirty = true;
      };
    }
  }

  /** The wallet's feed; a wallet with neither history nor fills gets an empty, unstored one. */
  feed(address: string): WalletFeed {
    this.sync();
    return this.feeds.get(address) ?? this.create(address, false);
  }

  /** The real fill behind a wallet's feed row, if it is one. */
  fillAt(wallet: string, sequenceId: number): RealFill | undefined {
    return this.fillBySequence.get(`${wallet}:${sequenceId}`);
  }

  /** The synthetic wallets plus every wallet that has traded in the sandbox. */
  wallets(): string[] {
    this.sync();
    return [...new Set([...HISTORY_WALLET_LIST.map((w) => w.address), ...this.feeds.keys()])];
  }

  private create(address: string, store: boolean): WalletFeed {
    const spec = historyWallet(address);
    const feed = new WalletFeed(address, spec ? new SyntheticHistory(spec, this.seed, this.historyEndS, this.markets) : null);
    if (store || spec) this.feeds.set(address, feed);
    return feed;
  }

  /**
   * Takes in the trade log's new trades and the other sources' new movements, each list kept in
   * its own order and the two merged by time (a trade first on a tie), so a wallet's rows land in
   * the order they happened whichever service they came from.
   */
  sync(): void {
    const moves = this.sources.flatMap((source) => source.take());
    const trades = this.dirty && this.log ? this.newTrades(this.log) : [];
    this.dirty = false;
    if (trades.length === 0 && moves.length === 0) return;
    let m = 0;
    for (const trade of trades) {
      while (m < moves.length && moves[m]!.atMs < trade.matchTimeMs) this.appendMovement(moves[m++]!);
      this.ingest(trade);
    }
    while (m < moves.length) this.appendMovement(moves[m++]!);
    this.version += 1;
  }

  /** The log's trades not taken in yet, oldest first. */
  private newTrades(log: TradeLog): TradeRecord[] {
    const all = log.all();
    let first = all.length;
    while (first > 0 && !this.seen.has(all[first - 1]!.id)) first -= 1;
    return all.slice(first);
  }

  private appendMovement(move: WalletMovement): void {
    const feed = this.feeds.get(move.wallet) ?? this.create(move.wallet, true);
    feed.append(move.kind, move.row);
  }

  private ingest(trade: TradeRecord): void {
    this.seen.add(trade.id);
    const legs: Array<{ wallet: string; side: 'BUY' | 'SELL'; tokenId: string; price: number; size: number; role: 'maker' | 'taker'; builder: string | null; log: number }> = [];
    if (trade.takerAddress.toLowerCase() !== HOUSE_ADDRESS) {
      legs.push({ wallet: trade.takerAddress.toLowerCase(), side: trade.side, tokenId: trade.tokenId, price: trade.price, size: trade.size, role: 'taker', builder: trade.takerBuilder ?? null, log: 0 });
    }
    trade.makers.forEach((m, i) => {
      if (m.makerAddress.toLowerCase() === HOUSE_ADDRESS) return;
      legs.push({ wallet: m.makerAddress.toLowerCase(), side: m.side, tokenId: m.tokenId, price: m.price, size: m.size, role: 'maker', builder: m.builder ?? null, log: i + 1 });
    });
    for (const leg of legs) {
      const token = this.markets.token(leg.tokenId);
      if (!token) continue;
      const { market: entry, outcome } = token;
      const size = leg.size / 100;
      const price = leg.price / 10_000;
      const ts = Math.floor(trade.matchTimeMs / 1000);
      const feed = this.feeds.get(leg.wallet) ?? this.create(leg.wallet, true);
      const row: Omit<ActivityRow, 'sequence_id'> = {
        proxy_wallet: leg.wallet, type: 'TRADE', block_timestamp: ts, block_number: blockAt(ts), log_index: leg.log,
        transaction_hash: trade.transactionHash, condition_id: entry.market.conditionId, market_id: entry.market.id,
        event_id: entry.event.id, event_slug: entry.event.slug, title: entry.market.question, outcome: OUTCOME_NAMES[outcome],
        outcome_index: outcome, token_id: leg.tokenId, side: leg.side, size, price, size_usdc: round6(size * price), counterparty: null,
      };
      const stored = feed.append(packKind(typeCode('TRADE'), leg.side === 'SELL' ? 1 : 0, outcome, entry.index), row);
      const fill: RealFill = {
        wallet: leg.wallet, marketIndex: entry.index, builder: leg.builder,
        trade: {
          proxy_wallet: leg.wallet, side: leg.side, role: leg.role, condition_id: entry.market.conditionId, token_id: leg.tokenId,
          market_id: entry.market.id, event_slug: entry.event.slug, title: entry.market.question, outcome: OUTCOME_NAMES[outcome],
          outcome_index: outcome, size, price, size_usdc: stored.size_usdc ?? 0, block_timestamp: stored.block_timestamp,
          sequence_id: stored.sequence_id, transaction_hash: trade.transactionHash,
        },
      };
      this.fills.push(fill);
      this.fillBySequence.set(`${leg.wallet}:${stored.sequence_id}`, fill);
    }
  }
}
