/**
 * Balances as the renderer and the ticket checks see them: the exchange's whole balance
 * (BalanceService) with what the account's open orders hold taken off (orderReservations). A
 * new order is checked against `available`, as the exchange checks it; the Balance card shows
 * both. Re-announced whenever either side moves: a new resting order changes what is
 * available without changing the balance.
 */
import type { BalanceView, ExchangeBalance, OpenOrderView, OrderTicket } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { BalanceService } from './balanceService';
import { availableAfter, reservedByOrders } from './orderReservations';

export interface AvailableBalancesOptions {
  balances: BalanceService;
  /** Reads the account's open orders (all markets) now; they come back through `receiveOrders` too. */
  readOpenOrders: (account: StoredAccount) => Promise<OpenOrderView[]>;
  onChange: (accountId: string, balance: BalanceView) => void;
}

export function withReservations(raw: ExchangeBalance, orders: readonly OpenOrderView[]): BalanceView {
  const held = reservedByOrders(orders);
  const collateral = { ...raw.collateral, inOrders: held.collateral, available: availableAfter(raw.collateral.balance, held.collateral) };
  let conditional: BalanceView['conditional'] = null;
  if (raw.conditional) {
    const inOrders = held.shares.get(raw.conditional.tokenId) ?? '0';
    conditional = { ...raw.conditional, inOrders, available: availableAfter(raw.conditional.balance, inOrders) };
  }
  return { collateral, conditional, updatedAt: raw.updatedAt };
}

const sameFigures = (a: BalanceView | undefined, b: BalanceView) =>
  a !== undefined && JSON.stringify({ ...a, updatedAt: 0 }) === JSON.stringify({ ...b, updatedAt: 0 });

export class AvailableBalances {
  /** Open orders last read per account; absent until the first read. */
  private readonly orders = new Map<string, readonly OpenOrderView[]>();
  private readonly announced = new Map<string, BalanceView>();

  constructor(private readonly options: AvailableBalancesOptions) {}

  /** BalanceService read a balance that differs from the last one. */
  receiveBalance(accountId: string, raw: ExchangeBalance): void {
    const orders = this.orders.get(accountId);
    // Without the open orders the figures would claim everything is available: wait for them.
    if (orders) this.announce(accountId, withReservations(raw, orders));
  }

  /** The poller read the account's open orders (they changed, or it is the first read). */
  receiveOrders(accountId: string, orders: readonly OpenOrderView[]): void {
    this.orders.set(accountId, orders);
    const raw = this.options.balances.cached(accountId);
    if (raw) this.announce(accountId, withReservations(raw, orders));
  }

  async read(account: StoredAccount, tokenId?: string): Promise<BalanceView> {
    return this.combine(account, await this.options.balances.read(account, tokenId));
  }

  async refresh(account: StoredAccount, tokenId?: string): Promise<BalanceView> {
    return this.combine(account, await this.options.balances.refresh(account, tokenId));
  }

  /**
   * What the ticket may use: USD for a BUY, shares of the ticket's outcome for a SELL, after
   * what open orders hold. A SELL always has its own token's shares read (the cached balance
   * may be of another outcome).
   */
  async availableFor(account: StoredAccount, ticket: Pick<OrderTicket, 'side' | 'tokenId'>): Promise<{ available: string; inOrders: string }> {
    const cached = this.options.balances.cached(account.id);
    const needsRead = !cached || (ticket.side === 'SELL' && cached.conditional?.tokenId !== ticket.tokenId);
    const raw = needsRead ? await this.options.balances.read(account, ticket.side === 'SELL' ? ticket.tokenId : undefined) : cached;
    const view = await this.combine(account, raw);
    if (ticket.side === 'BUY') return view.collateral;
    return view.conditional?.tokenId === ticket.tokenId ? view.conditional : { available: '0', inOrders: '0' };
  }

  private async combine(account: StoredAccount, raw: ExchangeBalance): Promise<BalanceView> {
    const orders = this.orders.get(account.id) ?? (await this.options.readOpenOrders(account));
    this.orders.set(account.id, orders);
    const view = withReservations(raw, orders);
    this.announce(account.id, view);
    return view;
  }

  private announce(accountId: string, view: BalanceView): void {
    if (sameFigures(this.announced.get(accountId), view)) return;
    this.announced.set(accountId, view);
    this.options.onChange(accountId, view);
  }
}
