/**
 * The users' trades. One record per taker order and price level: the taker's side, price and
 * size, and the maker orders it matched at that price (user orders or the simulated makers).
 * Settlement in the sandbox is instant, so every trade is born CONFIRMED with a made-up
 * transaction hash (the reference client waits for one before it returns from postOrder).
 *
 * Indexed by the addresses taking part (the signers of the user orders involved), newest last,
 * and by the builder codes the orders involved carried (GET /builder/trades).
 * Bounded: beyond MAX_TRADES the oldest trades are forgotten.
 */
import type { OrderSide } from '../../shared/orders/orderSchema';

export interface MakerFill {
  orderId: string;
  /** API key of the maker order; '' for a simulated maker. */
  owner: string;
  /** Lower-case signer of the maker order; null for a simulated maker. */
  signer: string | null;
  /** Lower-case funder whose balances moved (the house address for a simulated maker). */
  makerAddress: string;
  /** Hundredths of a share. */
  size: number;
  /** Pips of the maker order's own outcome. */
  price: number;
  tokenId: string;
  outcome: 0 | 1;
  side: OrderSide;
  /** Lower-case builder code of the maker order, when it carried one. */
  builder?: string;
}

export interface TradeRecord {
  id: string;
  takerOrderId: string;
  takerOwner: string;
  /** Null when a simulated participant was the taker. */
  takerSigner: string | null;
  takerAddress: string;
  market: string;
  tokenId: string;
  outcome: 0 | 1;
  side: OrderSide;
  /** Pips of the taker's own outcome. */
  price: number;
  /** Hundredths of a share. */
  size: number;
  matchTimeMs: number;
  transactionHash: string;
  makers: MakerFill[];
  /** Lower-case builder code of the taker order, when it carried one. */
  takerBuilder?: string;
}

export const MAX_TRADES = 100_000;

export function participantsOf(trade: TradeRecord): string[] {
  const out = new Set<string>();
  if (trade.takerSigner) out.add(trade.takerSigner);
  for (const maker of trade.makers) if (maker.signer) out.add(maker.signer);
  return [...out];
}

/** The builder codes the trade's orders carried (taker and makers). */
export function buildersOf(trade: TradeRecord): string[] {
  const out = new Set<string>();
  if (trade.takerBuilder) out.add(trade.takerBuilder);
  for (const maker of trade.makers) if (maker.builder) out.add(maker.builder);
  return [...out];
}

/** Appends `id` to the list under `key`. */
function push(index: Map<string, string[]>, key: string, id: string): void {
  const list = index.get(key) ?? [];
  list.push(id);
  index.set(key, list);
}

/** Drops `id` from the head of the list under `key` (the oldest trade is always first). */
function shift(index: Map<string, string[]>, key: string, id: string): void {
  const list = index.get(key);
  if (list?.[0] === id) list.shift();
  if (list?.length === 0) index.delete(key);
}

export class TradeLog {
  private readonly byId = new Map<string, TradeRecord>();
  private readonly byAddress = new Map<string, string[]>();
  private readonly byBuilder = new Map<string, string[]>();
  onChange: () => void = () => {};

  constructor(private readonly maxTrades = MAX_TRADES) {}

  add(trade: TradeRecord): void {
    this.insert(trade);
    this.onChange();
  }

  get(id: string): TradeRecord | undefined {
    return this.byId.get(id);
  }

  /** The trades an address took part in, newest first. */
  forAddress(address: string): TradeRecord[] {
    return this.newestFirst(this.byAddress.get(address) ?? []);
  }

  /** The trades with an order that carried the (lower-case) builder code, newest first. */
  forBuilder(code: string): TradeRecord[] {
    return this.newestFirst(this.byBuilder.get(code) ?? []);
  }

  /** Every retained trade, oldest first. */
  all(): TradeRecord[] {
    return [...this.byId.values()];
  }

  restore(trades: readonly TradeRecord[]): void {
    this.byId.clear();
    this.byAddress.clear();
    this.byBuilder.clear();
    for (const trade of trades) this.insert(trade);
  }

  private insert(trade: TradeRecord): void {
    this.byId.set(trade.id, trade);
    for (const address of participantsOf(trade)) push(this.byAddress, address, trade.id);
    for (const code of buildersOf(trade)) push(this.byBuilder, code, trade.id);
    if (this.byId.size > this.maxTrades) this.forgetOldest();
  }

  private forgetOldest(): void {
    const oldest = this.byId.values().next().value as TradeRecord;
    this.byId.delete(oldest.id);
    for (const address of participantsOf(oldest)) shift(this.byAddress, address, oldest.id);
    for (const code of buildersOf(oldest)) shift(this.byBuilder, code, oldest.id);
  }

  private newestFirst(ids: readonly string[]): TradeRecord[] {
    const out: TradeRecord[] = [];
    for (let i = ids.length - 1; i >= 0; i -= 1) {
      const trade = this.byId.get(ids[i] as string);
      if (trade) out.push(trade);
    }
    return out;
  }
}
