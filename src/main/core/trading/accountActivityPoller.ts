/**
 * Keeps the active account's open orders and fills current without a push channel: every few
 * seconds (within budget) it reads `/data/orders` and `/notifications`, hands every read of the
 * open orders on (the trading desk pushes them when what it knows changed: openOrdersPush.ts),
 * announces each new fill once, and re-reads the balance after a fill.
 * It sleeps while there is nothing it may read (no account, locked vault, no credentials), and
 * backs off while the order-book service is unreachable (PollLoop).
 */
import type { FillNotification, MarketLabel, OpenOrderView } from '../../../shared/tradingViews';
import type { AccountRegistry, StoredAccount } from '../accounts/accountRegistry';
import type { VaultSession } from '../accounts/vaultSession';
import type { Logger } from '../log';
import { realLoopClock, type LoopClock } from '../status/backoff';
import type { OutageTracker } from '../status/outageTracker';
import { PollLoop } from '../status/pollLoop';
import type { AuthenticatedClob } from './authenticatedClob';
import type { BalanceService } from './balanceService';
import { toFillNotification } from './fillNotifications';
import { toOpenOrderView } from './orderViews';
import { walkPages, type Page } from './pagedWalk';

export interface ActivityEvents {
  /** Every read of the account's open orders, changed or not. */
  openOrders(account: StoredAccount, orders: OpenOrderView[]): void;
  filled(notification: FillNotification): void;
}

export class AccountActivityPoller {
  private loop: PollLoop | null = null;
  /** The open orders last read per account (the reconciliation after a heartbeat lapse starts from them). */
  private readonly knownOrders = new Map<string, OpenOrderView[]>();
  /** When the read behind `knownOrders` started (unix ms): orders placed or cancelled after it are not in it. */
  private readonly knownSince = new Map<string, number>();
  /** Fill ids already announced, as `<account id>:<notification id>`. */
  private readonly seenFills = new Set<string>();
  private readonly fillsByAccount = new Map<string, FillNotification[]>();
  private polling = false;

  constructor(
    private readonly options: {
      registry: AccountRegistry;
      session: VaultSession;
      clob: AuthenticatedClob;
      balances: BalanceService;
      events: ActivityEvents;
      log: Logger;
      intervalMs?: number;
      outages: OutageTracker;
      clock?: LoopClock;
      /** The post-only flag main remembers per order (orderFlags.ts); "not known" without it. */
      postOnlyOf?: (orderId: string) => boolean | null;
      /** Names rows by their own market's question and tick (MarketLabels); rows stay as read without it. */
      label?: <T extends { market: string } & MarketLabel>(rows: readonly T[]) => Promise<T[]>;
    },
  ) {}

  start(): void {
    if (this.loop) return;
    this.loop = new PollLoop({
      service: 'clob',
      intervalMs: this.options.intervalMs ?? 2_000,
      clock: this.options.clock ?? realLoopClock,
      outages: this.options.outages,
      task: () => this.pollNow(),
    });
    this.loop.kick();
  }

  stop(): void {
    this.loop?.stop();
    this.loop = null;
  }

  /** The fills announced for one account (each account has its own notifications). */
  notifications(accountId: string | null): FillNotification[] {
    return accountId ? [...(this.fillsByAccount.get(accountId) ?? [])] : [];
  }

  async dismiss(account: StoredAccount, ids: string[]): Promise<number> {
    const own = this.fillsByAccount.get(account.id) ?? [];
    const dismissed = ids.filter((id) => own.some((fill) => fill.id === id));
    if (dismissed.length === 0) return 0;
    await this.options.clob.request(account, { method: 'DELETE', path: '/notifications', query: { ids: dismissed.join(',') } });
    this.fillsByAccount.set(account.id, own.filter((fill) => !dismissed.includes(fill.id)));
    return dismissed.length;
  }

  /** Reads now (after a placement or cancel, so the UI does not wait for the next tick). */
  async pollNow(): Promise<void> {
    const account = this.readableAccount();
    if (!account || this.polling) return;
    this.polling = true;
    try {
      await this.readOpenOrders(account);
      const fresh = await this.newFills(account);
      for (const fill of fresh) this.options.events.filled(fill);
      if (fresh.length > 0) await this.options.balances.read(account);
    } catch (error) {
      this.options.log.warn(`account activity poll failed: ${error instanceof Error ? error.message : 'unknown'}`);
    } finally {
      this.polling = false;
    }
  }

  /** Whether this session has read the account's open orders at all. */
  hasReadOrders(accountId: string): boolean {
    return this.knownOrders.has(accountId);
  }

  lastKnownOrders(accountId: string): OpenOrderView[] {
    return [...(this.knownOrders.get(accountId) ?? [])];
  }

  /** When the read behind `lastKnownOrders` started; null before the first read. */
  lastReadStartedAt(accountId: string): number | null {
    return this.knownSince.get(accountId) ?? null;
  }

  /** Reads the account's open orders, keeps them, and hands them on. */
  async readOpenOrders(account: StoredAccount): Promise<OpenOrderView[]> {
    const startedAt = Date.now();
    const orders = await this.openOrders(account);
    // Two reads can overlap (a poll and a balance check): the one that started last wins.
    if ((this.knownSince.get(account.id) ?? -Infinity) > startedAt) return orders;
    this.knownSince.set(account.id, startedAt);
    this.knownOrders.set(account.id, orders);
    this.options.events.openOrders(account, orders);
    return orders;
  }

  async openOrders(account: StoredAccount, filter: { market?: string; assetId?: string } = {}): Promise<OpenOrderView[]> {
    const rows = await walkPages<Record<string, unknown>>((cursor) =>
      this.options.clob.request<Page<Record<string, unknown>>>(account, {
        method: 'GET',
        path: '/data/orders',
        query: { next_cursor: cursor, ...(filter.market ? { market: filter.market } : {}), ...(filter.assetId ? { asset_id: filter.assetId } : {}) },
      }),
    );
    return this.labelled(rows.map((row) => toOpenOrderView(row, this.options.postOnlyOf)).filter((o) => o.id !== ''));
  }

  private async labelled<T extends { market: string } & MarketLabel>(rows: T[]): Promise<T[]> {
    return this.options.label ? this.options.label(rows) : rows;
  }

  private async newFills(account: StoredAccount): Promise<FillNotification[]> {
    const rows = await this.options.clob.request<unknown>(account, { method: 'GET', path: '/notifications' });
    const list = Array.isArray(rows) ? rows : Array.isArray((rows as { data?: unknown })?.data) ? (rows as { data: unknown[] }).data : [];
    const unseen: FillNotification[] = [];
    for (const row of list) {
      const fill = toFillNotification(row as Record<string, unknown>);
      if (!fill || this.seenFills.has(`${account.id}:${fill.id}`) || unseen.some((f) => f.id === fill.id)) continue;
      unseen.push(fill);
    }
    const fresh = await this.labelled(unseen);
    for (const fill of fresh) this.seenFills.add(`${account.id}:${fill.id}`);
    if (fresh.length > 0) this.fillsByAccount.set(account.id, [...(this.fillsByAccount.get(account.id) ?? []), ...fresh]);
    return fresh;
  }

  /** The account whose orders and fills are followed now: the active one, unlocked, with credentials. */
  readableAccount(): StoredAccount | null {
    const account = this.options.registry.active();
    if (!account || account.kind === 'watchOnly' || !account.clobCredentials) return null;
    if (!this.options.session.state().unlocked) return null;
    return account;
  }
}
