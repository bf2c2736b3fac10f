/**
 * After heartbeats lapsed past the exchange's window, the exchange's dead-man switch has
 * cancelled the account's open orders without telling anyone. From the first failed heartbeat it
 * collects every open order the client sees (the orders open then, and any placed meanwhile);
 * once heartbeats get through again it compares them with the exchange's, looks up each
 * one that is gone (`GET /data/order/{id}`), and lists those the exchange says are cancelled —
 * not the ones that filled, nor those the user cancelled meanwhile — as an OrdersCancelledNotice.
 * The same comparison runs after the order book was out of reach (reconcileAfterOutage.ts),
 * with reason 'reconciled'.
 */
import type { OpenOrderView, OrdersCancelledNotice } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { Logger } from '../log';
import type { AuthenticatedClob } from './authenticatedClob';

export interface OpenOrderReconcilerOptions {
  clob: AuthenticatedClob;
  log: Logger;
  /** The open orders the client last saw for the account (the activity poller's list). */
  lastKnown: (account: StoredAccount) => OpenOrderView[];
  /** The exchange's open orders now (and the client's list updated with them). */
  readOpen: (account: StoredAccount) => Promise<OpenOrderView[]>;
  notify: (notice: OrdersCancelledNotice) => void;
  now?: () => number;
}

export class OpenOrderReconciler {
  /** Order ids the user asked to cancel: their disappearance is no news. */
  private readonly cancelledByUser = new Set<string>();
  /** Per account: the open orders seen since heartbeats began failing, by id. */
  private readonly watched = new Map<string, Map<string, OpenOrderView>>();
  /** Per account: the reconciliation running now. */
  private readonly running = new Map<string, Promise<OrdersCancelledNotice | null>>();

  constructor(private readonly options: OpenOrderReconcilerOptions) {}

  noteUserCancelled(orderIds: readonly string[]): void {
    for (const id of orderIds) this.cancelledByUser.add(id);
  }

  /** Heartbeats began failing: from now on, remember every open order seen for the account. */
  arm(account: StoredAccount): void {
    if (this.watched.has(account.id)) return;
    this.watched.set(account.id, new Map(this.options.lastKnown(account).map((o) => [o.id, o])));
  }

  /** The activity poller read the open orders (the ones read while armed join the watch). */
  observe(accountId: string, orders: readonly OpenOrderView[]): void {
    const watch = this.watched.get(accountId);
    if (watch) for (const order of orders) watch.set(order.id, order);
  }

  /**
   * Reconciles and notifies; returns the notice (null when nothing was cancelled). One at a time
   * per account: a second call while one runs (a heartbeat and an outage recovering together)
   * gets the same answer, so no order is listed twice.
   */
  reconcile(account: StoredAccount, reason: OrdersCancelledNotice['reason']): Promise<OrdersCancelledNotice | null> {
    const running = this.running.get(account.id);
    if (running) return running;
    const run = this.reconcileNow(account, reason).finally(() => this.running.delete(account.id));
    this.running.set(account.id, run);
    return run;
  }

  private async reconcileNow(account: StoredAccount, reason: OrdersCancelledNotice['reason']): Promise<OrdersCancelledNotice | null> {
    const before = [...(this.watched.get(account.id)?.values() ?? this.options.lastKnown(account))];
    this.watched.delete(account.id);
    const open = new Set((await this.options.readOpen(account)).map((o) => o.id));
    const gone = before.filter((o) => !open.has(o.id) && !this.cancelledByUser.has(o.id));
    const cancelled: OpenOrderView[] = [];
    for (const order of gone) {
      const status = await this.statusOf(account, order.id);
      if (status !== null && /cancel/i.test(status)) cancelled.push({ ...order, status });
    }
    if (cancelled.length === 0) return null;
    const notice: OrdersCancelledNotice = { accountId: account.id, at: (this.options.now ?? Date.now)(), reason, orders: cancelled };
    this.options.notify(notice);
    return notice;
  }

  private async statusOf(account: StoredAccount, orderId: string): Promise<string | null> {
    try {
      const row = await this.options.clob.request<{ status?: unknown }>(account, { method: 'GET', path: `/data/order/${orderId}` });
      return typeof row?.status === 'string' ? row.status : null;
    } catch (error) {
      this.options.log.warn(`could not look up order ${orderId} after a heartbeat lapse: ${error instanceof Error ? error.message : 'unknown'}`);
      return null;
    }
  }
}
