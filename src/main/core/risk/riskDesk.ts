/**
 * The risk side of the trading desk, per network: the limits (settings), what the account has
 * used of them (the trading view's risk panel), changing them (raising waits for main's own
 * confirmation, lowering does not), and the gate OrderService calls before signing.
 */
import { raisedLimits, type RiskLimitsChange, type RiskStateView, type RiskUsage } from '../../../shared/riskLimits';
import type { OpenOrderView, PlacedOrder } from '../../../shared/tradingViews';
import type { NetworkInfo } from '../../../shared/viewModels';
import type { AccountRegistry, StoredAccount } from '../accounts/accountRegistry';
import type { VaultSession } from '../accounts/vaultSession';
import type { MainConfirmations } from '../authority/mainConfirmations';
import { CoreError } from '../coreError';
import type { EventHub } from '../eventHub';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings/settingsStore';
import { asksInMain } from '../authority/confirmationPolicy';
import type { AuthenticatedClob } from '../trading/authenticatedClob';
import { formatDecimal } from '../../../shared/decimal';
import { DailyFills, fillsInAnswer, utcDayEnd, utcDayStart } from './dailyFills';
import { KnownOpenOrders, type OpenOrderReads } from './knownOpenOrders';
import { limitChangeRequest } from './limitChangeRequest';
import { openOrderCount, positionOf } from './riskCheck';
import { RiskGate } from './riskGate';
import { defaultLimitsFor, RiskLimitStore } from './riskLimitStore';

export interface RiskDeskOptions {
  network: () => NetworkInfo;
  settings: SettingsStore;
  registry: AccountRegistry;
  session: VaultSession;
  hub: EventHub;
  log: Logger;
  clob: AuthenticatedClob;
  /** The user's answer in a surface main owns (raising a limit waits for it). */
  confirmations: MainConfirmations;
  openOrderReads: OpenOrderReads & { readOpenOrders: (account: StoredAccount) => Promise<unknown> };
  /** Shares held of one outcome, read now. */
  shares: (account: StoredAccount, tokenId: string) => Promise<string>;
  /** The price the panel values an outcome's held shares at: its book's midpoint (or last trade). */
  midpoint: (tokenId: string) => Promise<string | null>;
  now?: () => number;
}

export class RiskDesk {
  readonly gate: RiskGate;
  private readonly store: RiskLimitStore;
  private readonly openOrders: KnownOpenOrders;
  private readonly fills: DailyFills;
  private readonly now: () => number;

  constructor(private readonly options: RiskDeskOptions) {
    this.now = options.now ?? Date.now;
    this.store = new RiskLimitStore(options.settings);
    this.openOrders = new KnownOpenOrders(options.openOrderReads, this.now);
    this.fills = new DailyFills({ clob: options.clob, log: options.log, now: this.now });
    this.gate = new RiskGate({
      network: options.network,
      store: this.store,
      openOrders: this.openOrders,
      readOpenOrders: options.openOrderReads.readOpenOrders,
      shares: options.shares,
      fills: this.fills,
    });
  }

  /** The exchange answered placements: resting ones count as open at once, fills in the answers count today. */
  placed(account: StoredAccount, placed: readonly PlacedOrder[]): void {
    this.openOrders.placed(account.id, placed);
    const at = this.now();
    const fills = placed.filter((p) => p.success).flatMap((p) => fillsInAnswer(p.ticket.tokenId, p.ticket.side, p.makingAmount, p.takingAmount, at));
    this.fills.answered(account, fills);
  }

  cancelled(account: StoredAccount, orderIds: readonly string[]): void {
    this.openOrders.cancelled(account.id, orderIds);
  }

  /** The account's open orders as main knows them now (the last read, with what was placed or cancelled since); null before the first read. */
  openOrdersNow(accountId: string): OpenOrderView[] | null {
    return this.openOrders.open(accountId);
  }

  /** A fill was announced for the account: today's fills are read again in the background. */
  filled(account: StoredAccount): void {
    this.fills.filled(account);
  }

  async state(tokenId?: string): Promise<RiskStateView> {
    const network = this.options.network();
    const account = this.options.registry.active();
    const now = this.now();
    const { limits, usingDefaults } = account ? this.store.read(network, account.id) : { limits: { ...defaultLimitsFor(network) }, usingDefaults: true };
    const { usage, note } = account ? await this.usage(account, tokenId) : { usage: null, note: 'Add an account to trade.' };
    return {
      networkId: network.id,
      networkLabel: network.label,
      isSandbox: network.isSandbox,
      accountId: account?.id ?? null,
      accountLabel: account?.label ?? null,
      limits,
      usingDefaults,
      raisingNeedsConfirmation: asksInMain(network, this.options.settings),
      usage,
      usageNote: note,
      day: { startsAt: utcDayStart(now), endsAt: utcDayEnd(now) },
    };
  }

  /**
   * Changes some limits of an account on this network. Lowering a limit or turning one on is
   * written at once; raising one or turning it off first waits for the user's answer in main's own
   * surface (the sandbox excepted), and a "no" changes nothing.
   */
  async setLimits(accountId: string, change: RiskLimitsChange, networkId: string): Promise<RiskStateView> {
    const network = this.options.network();
    if (networkId !== network.id) {
      throw new CoreError('conflict', `These limits were meant for another network than ${network.label}, where the app trades now: nothing was changed.`);
    }
    const account = this.options.registry.get(accountId);
    const { limits } = this.store.read(network, accountId);
    if (raisedLimits(limits, change).length > 0 && asksInMain(network, this.options.settings)) {
      await this.options.confirmations.confirm(limitChangeRequest(limits, change, { accountLabel: account.label, accountAddress: account.address, networkLabel: network.label }));
    }
    this.store.apply(network, accountId, change);
    this.options.hub.emit('riskLimitsChanged', { networkId: network.id, accountId });
    return this.state();
  }

  private async usage(account: StoredAccount, tokenId?: string): Promise<{ usage: RiskUsage | null; note: string | null }> {
    if (account.kind === 'watchOnly') return { usage: null, note: 'Watch-only: this address places no orders from here.' };
    if (!account.clobCredentials) return { usage: null, note: 'Use shows once the account has order-book credentials.' };
    if (!this.options.session.state().unlocked) return { usage: null, note: 'Use shows once the vault is unlocked.' };
    if (this.openOrders.open(account.id) === null) await this.options.openOrderReads.readOpenOrders(account);
    const orders = this.openOrders.open(account.id) ?? [];
    const [day, position] = await Promise.all([this.fills.figures(account), tokenId ? this.position(account, orders, tokenId) : null]);
    return {
      usage: { openOrders: openOrderCount(orders), tradedTodayUsd: day.tradedUsd, realisedTodayUsd: day.realisedUsd, position, fillsReadAt: day.readAt },
      note: null,
    };
  }

  private async position(account: StoredAccount, openOrders: readonly OpenOrderView[], tokenId: string): Promise<RiskUsage['position']> {
    const [held, mark] = await Promise.all([this.options.shares(account, tokenId), this.options.midpoint(tokenId)]);
    const snapshot = { openOrders, heldShares: new Map([[tokenId, held]]), markPrice: new Map([[tokenId, mark ?? '0']]), tradedTodayUsd: '0', realisedTodayUsd: '0' };
    const { shares, usd } = positionOf(snapshot, tokenId);
    return { tokenId, shares: formatDecimal(shares), usd: formatDecimal(usd) };
  }
}

