/**
 * The risk limits in the order path: OrderService asks `gather` when an order, grid or amend
 * starts (alongside its own book read, so what this reads adds no wait), then `enforce` with the
 * priced orders just before signing. Only what a limit that is on needs is gathered, and only
 * what main does not hold already is read: open orders come from KnownOpenOrders, today's fills
 * from DailyFills; the shares held of an outcome a BUY adds to are read with the order.
 */
import type { OrderTicket } from '../../../shared/tradingViews';
import type { RiskLimits } from '../../../shared/riskLimits';
import type { NetworkInfo } from '../../../shared/viewModels';
import type { StoredAccount } from '../accounts/accountRegistry';
import { CoreError } from '../coreError';
import { checkRiskLimits, type RiskOrder, type RiskRefusal, type RiskSnapshot, type RiskSubject } from './riskCheck';
import type { DailyFills } from './dailyFills';
import type { KnownOpenOrders } from './knownOpenOrders';
import type { RiskLimitStore } from './riskLimitStore';

export interface RiskGateOptions {
  network: () => NetworkInfo;
  store: RiskLimitStore;
  openOrders: KnownOpenOrders;
  /** Reads the account's open orders (feeding KnownOpenOrders) when main has never read them. */
  readOpenOrders: (account: StoredAccount) => Promise<unknown>;
  /** Shares held of one outcome, read now. */
  shares: (account: StoredAccount, tokenId: string) => Promise<string>;
  fills: DailyFills;
}

/** What the check needs besides the orders themselves. */
export interface Gathered {
  accountId: string;
  limits: RiskLimits;
  networkLabel: string;
  snapshot: Omit<RiskSnapshot, 'markPrice'>;
}

/** An order as the check sees it, with the price its outcome's held shares are valued at. */
export interface PricedOrder extends RiskOrder {
  mark: string;
}

const EMPTY_DAY = { tradedTodayUsd: '0', realisedTodayUsd: '0' };

export class RiskGate {
  /** Per account, the orders that passed `enforce` and are not answered yet (see RiskSnapshot.inFlight). */
  private readonly inFlight = new Map<string, Set<readonly RiskOrder[]>>();

  constructor(private readonly options: RiskGateOptions) {}

  limitsOf(accountId: string): RiskLimits {
    return this.options.store.read(this.options.network(), accountId).limits;
  }

  /** Gathers what the limits that are on need; `leaveOut` is the order an amend replaces. */
  async gather(account: StoredAccount, tickets: ReadonlyArray<Pick<OrderTicket, 'tokenId' | 'side'>>, leaveOut?: string): Promise<Gathered> {
    const network = this.options.network();
    const limits = this.limitsOf(account.id);
    const on = (key: keyof RiskLimits) => limits[key] !== null;
    const buying = [...new Set(tickets.filter((t) => t.side === 'BUY').map((t) => t.tokenId))];
    const positions = (on('maxPositionShares') || on('maxPositionUsd')) && buying.length > 0;
    const daily = (on('maxDailyNotionalUsd') || on('dailyLossStopUsd')) && buying.length > 0;
    const [openOrders, held, day] = await Promise.all([
      on('maxOpenOrders') || positions ? this.openOrders(account, leaveOut) : [],
      positions ? Promise.all(buying.map(async (tokenId) => [tokenId, await this.options.shares(account, tokenId)] as const)) : [],
      daily ? this.options.fills.figures(account).then((f) => ({ tradedTodayUsd: f.tradedUsd, realisedTodayUsd: f.realisedUsd })) : EMPTY_DAY,
    ]);
    return { accountId: account.id, limits, networkLabel: network.label, snapshot: { openOrders, heldShares: new Map(held), ...day } };
  }

  refusal(gathered: Gathered, orders: readonly PricedOrder[], subject: RiskSubject): RiskRefusal | null {
    const markPrice = new Map(orders.map((o) => [o.tokenId, o.mark]));
    const inFlight = [...(this.inFlight.get(gathered.accountId) ?? [])].flat();
    return checkRiskLimits(gathered.limits, { ...gathered.snapshot, markPrice, inFlight }, orders, { subject, networkLabel: gathered.networkLabel });
  }

  /**
   * Refuses with `risk_limit` before anything is signed; else holds the orders as in flight until
   * the returned release is called (when the exchange has answered, or the order was given up).
   * The check and the hold happen in one synchronous step, so orders sent at once are counted
   * against each other.
   */
  enforce(gathered: Gathered, orders: readonly PricedOrder[], subject: RiskSubject): () => void {
    const refusal = this.refusal(gathered, orders, subject);
    if (refusal) throw new CoreError('risk_limit', `${refusal.sentence} Nothing was signed.`);
    const held = this.inFlight.get(gathered.accountId) ?? new Set<readonly RiskOrder[]>();
    this.inFlight.set(gathered.accountId, held);
    held.add(orders);
    return () => {
      held.delete(orders);
      if (held.size === 0 && this.inFlight.get(gathered.accountId) === held) this.inFlight.delete(gathered.accountId);
    };
  }

  private async openOrders(account: StoredAccount, leaveOut?: string) {
    const known = this.options.openOrders.open(account.id, leaveOut);
    if (known) return known;
    await this.options.readOpenOrders(account);
    return this.options.openOrders.open(account.id, leaveOut) ?? [];
  }
}
