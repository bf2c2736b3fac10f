/**
 * What main pushes as the active account's open orders (`openOrdersChanged`): the last read plus
 * the orders the exchange accepted since that read started, less those cancelled since (the same
 * list the risk checks count: risk/knownOpenOrders.ts). So a resting order shows as the user's own
 * the moment the exchange's answer arrives instead of one `/data/orders` read later, and a read
 * that started before a placement cannot take the order away again. Pushed whenever that list
 * changes: after every read, placement and cancel.
 *
 * An order known from its answer only has no market or outcome yet: they come from the catalog
 * (a token's market never changes, so what it said is kept), then the market's question and tick
 * (MarketLabels). A lookup that fails leaves the row unnamed; it is pushed all the same. The read
 * that follows brings the exchange's own row, pushed only if it shows something else (a number
 * written "5.00" for "5" or a creation time in whole seconds is the same order): the screen does
 * not draw the same order twice.
 */
import type { MarketLabel, OpenOrderView } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { TokenMarket } from '../catalog/catalogService';

export interface OpenOrdersPushOptions {
  /** The open orders main knows now; null before the account's first read. */
  known: (accountId: string) => OpenOrderView[] | null;
  /** A token's market and outcome name (the catalog's); null when unknown. */
  tokenMarket?: (tokenId: string) => Promise<TokenMarket | null>;
  /** Rows named by their market's question and tick (MarketLabels), looked up where needed… */
  label?: <T extends { market: string } & MarketLabel>(rows: readonly T[]) => Promise<T[]>;
  /** …or from what is held already (null: a lookup is needed). */
  labelKnown?: <T extends { market: string } & MarketLabel>(rows: readonly T[]) => T[] | null;
  emit: (account: StoredAccount, orders: OpenOrderView[]) => void;
}

/** What the renderer shows of an order (numbers as numbers): a change in any of it is pushed. */
const shown = (o: OpenOrderView) => [o.id, o.status, o.market, o.assetId, o.side, o.outcome, o.orderType, o.question, o.tickSize, Number(o.price), Number(o.originalSize), Number(o.sizeMatched), Math.floor(o.createdAt / 1000), o.expiration, o.postOnly];

export class OpenOrdersPush {
  private readonly pushed = new Map<string, string>();
  private readonly latest = new Map<string, number>();
  private readonly tokens = new Map<string, TokenMarket>();

  constructor(private readonly options: OpenOrdersPushOptions) {}

  /**
   * Pushes the account's open orders if they changed. Synchronously when every name is held
   * already (the usual case: the answer's push leaves before the answer itself), else once the
   * lookups are done — unless a newer list went out meanwhile.
   */
  update(account: StoredAccount): Promise<void> {
    const orders = this.options.known(account.id);
    if (!orders) return Promise.resolve();
    const mine = (this.latest.get(account.id) ?? 0) + 1;
    this.latest.set(account.id, mine);
    const now = this.namedNow(orders);
    if (now) {
      this.emitIfChanged(account, now);
      return Promise.resolve();
    }
    return this.named(orders).then((named) => {
      if (this.latest.get(account.id) === mine) this.emitIfChanged(account, named);
    });
  }

  private emitIfChanged(account: StoredAccount, orders: OpenOrderView[]): void {
    const fingerprint = JSON.stringify(orders.map(shown));
    if (this.pushed.get(account.id) === fingerprint) return;
    this.pushed.set(account.id, fingerprint);
    this.options.emit(account, orders);
  }

  /** The orders with every name filled from what is held, or null when a lookup is needed. */
  private namedNow(orders: OpenOrderView[]): OpenOrderView[] | null {
    // The exchange's own rows say which market and outcome each of their tokens is.
    for (const o of orders) if (o.market !== '' && !this.tokens.has(o.assetId)) this.tokens.set(o.assetId, { conditionId: o.market, outcome: o.outcome });
    if (!orders.some((o) => o.market === '')) return orders;
    const filled: OpenOrderView[] = [];
    for (const order of orders) {
      if (order.market !== '') continue;
      const market = this.tokens.get(order.assetId);
      if (!market) return null;
      filled.push({ ...order, market: market.conditionId, outcome: market.outcome });
    }
    const labelled = this.options.labelKnown ? this.options.labelKnown(filled) : this.options.label ? null : filled;
    return labelled ? merged(orders, labelled) : null;
  }

  private async named(orders: OpenOrderView[]): Promise<OpenOrderView[]> {
    const unnamed = orders.filter((o) => o.market === '');
    const filled = await Promise.all(
      unnamed.map(async (order) => {
        const market = await this.tokenMarket(order.assetId);
        return market ? { ...order, market: market.conditionId, outcome: market.outcome } : order;
      }),
    );
    const labelled = this.options.label ? await this.options.label(filled).catch(() => filled) : filled;
    return merged(orders, labelled);
  }

  private async tokenMarket(tokenId: string): Promise<TokenMarket | null> {
    const held = this.tokens.get(tokenId);
    if (held || !this.options.tokenMarket) return held ?? null;
    const found = await this.options.tokenMarket(tokenId).catch(() => null);
    if (found) this.tokens.set(tokenId, found);
    return found;
  }
}

/** `orders` with the rows of `named` in place of theirs (same ids). */
function merged(orders: OpenOrderView[], named: OpenOrderView[]): OpenOrderView[] {
  const byId = new Map(named.map((o) => [o.id, o]));
  return orders.map((o) => byId.get(o.id) ?? o);
}
