/**
 * The trading side of the core, wired once: orders, balances, modes, heartbeats, activity
 * polling, jobs, chart data and sandbox controls. Handlers call into it; it pushes events.
 */
import type { BalanceView, TradeView, TradingState } from '../../../shared/tradingViews';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { ClobCredentialsService } from '../accounts/clobCredentialsService';
import type { VaultSession } from '../accounts/vaultSession';
import type { EventHub } from '../eventHub';
import type { Logger } from '../log';
import type { HttpClient } from '../net/httpClient';
import type { RateBudget } from '../net/rateBudget';
import type { ActiveNetwork } from '../network';
import type { SettingsStore } from '../settings/settingsStore';
import { CoreError } from '../coreError';
import { AccountActivityPoller } from './accountActivityPoller';
import { AuthenticatedClob } from './authenticatedClob';
import { AvailableBalances, withReservations } from './availableBalances';
import { BalanceService } from './balanceService';
import { CoalescedRuns } from './coalescedRuns';
import { ExchangeModeTracker } from './exchangeModeTracker';
import { realLoopClock, type BackoffPolicy, type LoopClock } from '../status/backoff';
import type { OutageTracker } from '../status/outageTracker';
import { HeartbeatService } from './heartbeatService';
import { JobRunner } from './jobs';
import { MarketData } from './marketData';
import type { MarketLabels } from './marketLabels';
import { OrderVersionCache } from './marketInfo';
import { MarketLookup } from './marketLookup';
import { OrderFlags } from './orderFlags';
import { ModeProbe } from './modeProbe';
import { OpenOrderReconciler } from './openOrderReconciler';
import { ReconcileAfterOutage } from './reconcileAfterOutage';
import { OrderService } from './orderService';
import { toTradeViews } from './orderViews';
import { walkPages, type Page } from './pagedWalk';
import { SandboxControls } from './sandboxControls';
import { confirmsOrders, setConfirmsOrders } from '../guardrails/proMode';
import { asksInMain } from '../authority/confirmationPolicy';
import type { OrderConfirmationPort } from '../authority/orderConfirmations';
import { SIGNATURE_TYPE_CODES } from '../../../shared/orders/orderSchema';
import type { MainConfirmations } from '../authority/mainConfirmations';
import { KillSwitch } from '../risk/killSwitch';
import { RiskDesk } from '../risk/riskDesk';
import { readMarketBook } from './marketInfo';
import { OpenOrdersPush } from './openOrdersPush';
import { readAnsweredTrades } from './answeredTrades';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { TokenMarket } from '../catalog/catalogService';
import type { PlacedOrder } from '../../../shared/tradingViews';

export interface TradingDeskOptions {
  http: HttpClient;
  budget: RateBudget;
  registry: AccountRegistry;
  session: VaultSession;
  credentials: ClobCredentialsService;
  settings: SettingsStore;
  network: ActiveNetwork;
  hub: EventHub;
  log: Logger;
  activityPollMs?: number;
  outages: OutageTracker;
  /** The clock and sleep of polls, probes and heartbeats (tests inject a virtual one). */
  clock?: LoopClock;
  recovery?: TradingRecoveryTiming;
  /** Names rows of any market by its question and tick (the catalog's); rows stay unnamed without it. */
  marketLabels?: MarketLabels;
  /** A token's market and outcome (the catalog's): names an order known from its answer only. */
  tokenMarket?: (tokenId: string) => Promise<TokenMarket | null>;
  /** Where orders are confirmed, and main's own question before signing (authority/orderConfirmations.ts). */
  orderConfirmation: OrderConfirmationPort;
  /** risk: the user's answer in a surface main owns (raising a risk limit waits for it). */
  confirmations: MainConfirmations;
}

/** How long after an order's or cancel's answer the reads that confirm it start. */
const CONFIRM_READ_DELAY_MS = 100;

/** Timings of the recovery loops; the defaults follow the exchange's documented figures. */
export interface TradingRecoveryTiming {
  modeProbe?: BackoffPolicy;
  heartbeatIntervalMs?: number;
  heartbeatWindowMs?: number;
}

export class TradingDesk {
  readonly modes: ExchangeModeTracker;
  readonly clob: AuthenticatedClob;
  readonly balances: BalanceService;
  /** Balances with what open orders hold taken off: what the renderer shows and the ticket checks. */
  readonly available: AvailableBalances;
  readonly orders: OrderService;
  readonly heartbeats: HeartbeatService;
  readonly activity: AccountActivityPoller;
  readonly jobs: JobRunner;
  readonly marketData: MarketData;
  readonly sandbox: SandboxControls;
  readonly modeProbe: ModeProbe;
  readonly reconciler: OpenOrderReconciler;
  /** risk: pre-trade limits, their use, and the kill switch. */
  readonly risk: RiskDesk;
  readonly killSwitch: KillSwitch;
  private readonly versions: OrderVersionCache;
  /** Open orders compared with the exchange's after the order book was out of reach. */
  private readonly afterOutage: ReconcileAfterOutage;
  private readonly stopOutageWatch: () => void;
  /** Balance reads asked for by order and cancel answers, one at a time per account (coalescedRuns.ts). */
  private readonly balanceRereads = new CoalescedRuns();
  /** Post-only flags of the orders placed here: the exchange's order rows do not carry them. */
  private readonly flags = new OrderFlags();
  /** The open orders pushed to the renderer: the last read and what was placed or cancelled since. */
  private readonly openOrdersPush: OpenOrdersPush;
  /** Per account: the reads that confirm an order's or cancel's answer, waiting to start. */
  private readonly confirmReads = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly options: TradingDeskOptions) {
    const { http, registry, session, hub, log } = options;
    const stateChanged = () => hub.emit('tradingStateChanged', this.state());
    // A mode learned from an answer is probed until the exchange answers normally again.
    this.modes = new ExchangeModeTracker(() => {
      stateChanged();
      this.modeProbe.kick();
      this.afterOutage?.modeIs(this.modes.snapshot(null).mode);
    });
    this.clob = new AuthenticatedClob(http, registry, options.credentials, this.modes);
    this.balances = new BalanceService(this.clob, (accountId, balance) => this.available.receiveBalance(accountId, balance));
    this.available = new AvailableBalances({
      balances: this.balances,
      readOpenOrders: (account) => this.activity.readOpenOrders(account),
      onChange: (accountId, balance) => hub.emit('balanceChanged', { accountId, balance }),
    });
    this.versions = new OrderVersionCache(http);
    this.activity = new AccountActivityPoller({
      registry,
      session,
      clob: this.clob,
      balances: this.balances,
      log,
      outages: options.outages,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.marketLabels ? { label: (rows) => options.marketLabels!.label(rows) } : {}),
      postOnlyOf: (orderId) => this.flags.postOnlyOf(orderId),
      events: {
        openOrders: (account, orders) => {
          this.reconciler.observe(account.id, orders);
          this.openOrdersMoved(account);
        },
        filled: (fill) => {
          hub.emit('orderFilled', fill);
          const account = this.activity.readableAccount();
          if (account) this.risk.filled(account);
        },
      },
      ...(options.activityPollMs ? { intervalMs: options.activityPollMs } : {}),
    });
    this.risk = new RiskDesk({
      network: () => options.network.info,
      settings: options.settings,
      registry,
      session,
      hub,
      log,
      clob: this.clob,
      confirmations: options.confirmations,
      openOrderReads: {
        lastKnownOrders: (accountId) => this.activity.lastKnownOrders(accountId),
        lastReadStartedAt: (accountId) => this.activity.lastReadStartedAt(accountId),
        readOpenOrders: (account) => this.activity.readOpenOrders(account),
      },
      shares: (account, tokenId) => this.balances.shares(account, tokenId),
      midpoint: async (tokenId) => {
        const book = await readMarketBook(http, tokenId);
        return book.midpoint ?? book.lastTradePrice ?? null;
      },
    });
    this.orders = new OrderService({
      http,
      clob: this.clob,
      session,
      modes: this.modes,
      versions: this.versions,
      balances: this.available,
      markets: new MarketLookup(http),
      flags: this.flags,
      contracts: () => options.network.contracts,
      confirmation: options.orderConfirmation,
      onOrdersTouched: (account) => this.confirmSoon(account),
      onUserCancelled: (ids, account) => {
        this.reconciler.noteUserCancelled(ids);
        this.risk.cancelled(account, ids);
        this.openOrdersMoved(account);
      },
      risk: this.risk.gate,
      onPlaced: (account, placed) => {
        this.risk.placed(account, placed);
        this.openOrdersMoved(account);
        return this.pushAnsweredTrades(account, placed);
      },
    });
    this.openOrdersPush = new OpenOrdersPush({
      known: (accountId) => this.risk.openOrdersNow(accountId),
      ...(options.tokenMarket ? { tokenMarket: options.tokenMarket } : {}),
      ...(options.marketLabels ? { label: (rows) => options.marketLabels!.label(rows), labelKnown: (rows) => options.marketLabels!.labelKnown(rows) } : {}),
      emit: (account, orders) => hub.emit('openOrdersChanged', { accountId: account.id, orders }),
    });
    this.reconciler = new OpenOrderReconciler({
      clob: this.clob,
      log,
      // What main knows now: the last read and the orders placed or cancelled since (an order
      // placed a moment before the exchange went out of reach is not in any read yet).
      lastKnown: (account) => this.risk.openOrdersNow(account.id) ?? this.activity.lastKnownOrders(account.id),
      readOpen: (account) => this.activity.readOpenOrders(account),
      notify: (notice) => hub.emit('ordersCancelledByExchange', notice),
    });
    const timing = options.recovery ?? {};
    this.heartbeats = new HeartbeatService({
      clob: this.clob,
      log,
      onChange: stateChanged,
      onFailing: (account) => this.reconciler.arm(account),
      onRecovered: (account) => {
        void this.reconciler.reconcile(account, 'heartbeat-lapsed').catch((error: unknown) => {
          log.warn(`reconciling open orders after a heartbeat lapse failed: ${error instanceof Error ? error.message : 'unknown'}`);
        });
      },
      ...(timing.heartbeatIntervalMs ? { intervalMs: timing.heartbeatIntervalMs } : {}),
      ...(timing.heartbeatWindowMs ? { windowMs: timing.heartbeatWindowMs } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    this.modeProbe = new ModeProbe({
      clob: this.clob,
      modes: this.modes,
      log,
      clock: options.clock ?? realLoopClock,
      account: () => {
        const account = registry.active();
        return account && account.kind !== 'watchOnly' && account.clobCredentials && session.state().unlocked ? account : null;
      },
      contracts: () => options.network.contracts,
      orderVersion: () => this.versions.get(),
      ...(timing.modeProbe ? { policy: timing.modeProbe } : {}),
    });
    this.killSwitch = new KillSwitch({
      network: () => options.network.info,
      registry,
      session,
      heartbeats: this.heartbeats,
      cancelAll: (account) => this.orders.cancelAllOf(account),
    });
    this.jobs = new JobRunner(options.budget, (progress) => hub.emit('jobProgressed', progress));
    this.marketData = new MarketData(http);
    this.sandbox = new SandboxControls(http, () => options.network.info.isSandbox);
    this.afterOutage = new ReconcileAfterOutage({
      account: () => this.activity.readableAccount(),
      reconciler: this.reconciler,
      heartbeatFailing: (accountId) => this.heartbeats.state(accountId).failingSince !== null,
      log,
    });
    this.stopOutageWatch = options.outages.onServiceChange((service, out) => {
      if (service === 'clob') this.afterOutage.reachability(out);
    });
    this.activity.start();
  }

  /**
   * What main knows of the account's open orders changed (a read, a placement, a cancel): the list
   * is pushed at once, not a poll later, and then what they hold comes off the available balance
   * (the orders are what the user looks for; the balance follows them).
   */
  private openOrdersMoved(account: StoredAccount): void {
    void this.openOrdersPush.update(account).finally(() => {
      const known = this.risk.openOrdersNow(account.id);
      if (known) this.available.receiveOrders(account.id, known);
    });
  }

  /**
   * After an order or cancel answer: the open orders, fills and balance read again, a moment
   * later. What the answer said was pushed already; these reads confirm it, and started at once
   * they would compete with that push on its way to the screen. A burst of answers is one read.
   */
  private confirmSoon(account: StoredAccount): void {
    if (this.confirmReads.has(account.id)) return;
    const timer = setTimeout(() => {
      this.confirmReads.delete(account.id);
      void this.activity.pollNow();
      // A quote-grid burst touches hundreds of orders: one balance read at a time, one more after the burst.
      void this.balanceRereads.request(account.id, () => this.balances.read(account));
    }, CONFIRM_READ_DELAY_MS);
    this.confirmReads.set(account.id, timer);
  }

  /** A taker fill in a placement's answer: its trades pushed now (answeredTrades.ts). */
  private async pushAnsweredTrades(account: StoredAccount, placed: readonly PlacedOrder[]): Promise<void> {
    try {
      const trades = await readAnsweredTrades(this.clob, account, placed);
      if (trades.length === 0) return;
      const named = this.options.marketLabels ? await this.options.marketLabels.label(trades) : trades;
      this.options.hub.emit('accountTradesAdded', { accountId: account.id, trades: named });
    } catch (error) {
      // The fill notification's reload of the trades brings them all the same.
      this.options.log.warn(`reading the trades of an order's answer failed: ${error instanceof Error ? error.message : 'unknown'}`);
    }
  }

  state(): TradingState {
    const account = this.options.registry.active();
    return {
      ...this.modes.snapshot(account?.address ?? null),
      heartbeat: this.heartbeats.state(account?.id ?? null),
      confirmOrders: account ? confirmsOrders(this.options.settings, this.options.network.info.id, account.id) : true,
      confirmsIn: asksInMain(this.options.network.info, this.options.settings) ? 'main' : 'page',
      orderVersion: this.versions.known(),
    };
  }

  activeAccountId(): string | null {
    return this.options.registry.active()?.id ?? null;
  }

  /** Per account on this network; switching them off where main asks waits for main's confirmation first (authority/). */
  setConfirmOrders(enabled: boolean): TradingState {
    const account = this.options.registry.requireActive();
    setConfirmsOrders(this.options.settings, this.options.network.info, account.id, enabled);
    this.options.hub.emit('tradingStateChanged', this.state());
    return this.state();
  }

  async setHeartbeat(enabled: boolean): Promise<TradingState> {
    await this.heartbeats.setEnabled(enabled ? this.clob.tradingAccount() : this.options.registry.requireActive(), enabled);
    return this.state();
  }

  async balance(tokenId?: string, refresh = false): Promise<BalanceView> {
    const account = this.clob.tradingAccount();
    return refresh ? this.available.refresh(account, tokenId) : this.available.read(account, tokenId);
  }

  /**
   * An own account's order-book USD for its portfolio total: the whole balance and what its open
   * orders hold (the active account's as the poller last read them, another's read now).
   */
  async cashOf(accountId: string): Promise<{ balance: string; inOrders: string }> {
    const account = this.options.registry.get(accountId);
    if (!account.clobCredentials) throw new CoreError('invalid_input', `"${account.label}" has no order-book credentials yet: create them in Accounts to read its cash.`);
    const raw = await this.balances.read(account);
    const polled = this.options.registry.active()?.id === account.id && this.activity.hasReadOrders(account.id);
    const orders = polled ? this.activity.lastKnownOrders(account.id) : await this.activity.openOrders(account);
    const { balance, inOrders } = withReservations(raw, orders).collateral;
    return { balance, inOrders };
  }

  async trades(market: string | undefined, jobId: string | undefined): Promise<TradeView[]> {
    const account = this.clob.tradingAccount();
    return this.jobs.run('trades', jobId, async ({ signal, progress }) => {
      const rows = await walkPages<Record<string, unknown>>(
        (cursor) =>
          this.clob.request<Page<Record<string, unknown>>>(account, {
            method: 'GET',
            path: '/data/trades',
            query: { next_cursor: cursor, ...(market ? { market } : {}) },
            signal,
            // A walk to the end: behind what the views wait on, transient failures retried.
            priority: 'background',
          }),
        { signal, onPage: (rowCount, pages) => progress(rowCount, pages) },
      );
      const views = rows.flatMap((row) => toTradeViews(row, account.funder ?? account.address));
      return this.options.marketLabels ? this.options.marketLabels.label(views) : views;
    });
  }

  async fundSandboxAccount(amount: string): Promise<BalanceView> {
    const account = this.options.registry.requireActive();
    if (account.kind === 'watchOnly') throw new CoreError('watch_only', `"${account.label}" is watch-only: the faucet funds accounts with a key.`);
    // Refused before the credit: the balance read after it needs the open vault.
    this.options.session.unlocked();
    await this.sandbox.fund(account.funder ?? account.address, amount);
    const code = SIGNATURE_TYPE_CODES[account.signatureType];
    if (account.funder && code !== 0) await this.sandbox.linkFunder(account.address, account.funder, code);
    // Paper credentials are a formality: the faucet's first use creates them instead of failing after the credit.
    if (!account.clobCredentials) await this.options.credentials.createOrDerive();
    return this.balance(undefined, true);
  }

  stop(): void {
    for (const timer of this.confirmReads.values()) clearTimeout(timer);
    this.confirmReads.clear();
    this.stopOutageWatch();
    this.activity.stop();
    this.heartbeats.stop();
    this.modeProbe.stop();
    this.jobs.cancelAll();
  }

}
