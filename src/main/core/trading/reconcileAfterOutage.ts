/**
 * Open orders reconciled after the order-book service was out of reach: unreachable (the
 * OutageTracker's outage of `clob`), or in a mode that stops trading (restarting, trading
 * disabled, cancel-only). While the client could not see the exchange, orders may have gone
 * without the user asking here: expired, cancelled by the exchange or from another session.
 * When the exchange answers normally again, the ones it says are cancelled are listed with
 * `reason: 'reconciled'` (OpenOrderReconciler).
 *
 * A heartbeat that is still failing has its own recovery (reason 'heartbeat-lapsed' once it
 * lapsed), so the outage leaves the account to it; the check waits one turn of the event loop
 * so that a heartbeat answered by the same recovery starts its reconciliation first.
 */
import type { ExchangeMode } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { Logger } from '../log';
import type { OpenOrderReconciler } from './openOrderReconciler';

/** Modes in which the exchange does not trade as usual: coming back from one reconciles. */
const OUT_OF_TRADE_MODES: readonly ExchangeMode[] = ['restarting', 'trading-disabled', 'cancel-only'];

export interface ReconcileAfterOutageOptions {
  /** The account whose open orders the client follows now (unlocked, with credentials), if any. */
  account: () => StoredAccount | null;
  reconciler: OpenOrderReconciler;
  /** Heartbeats of the account are failing now (their own recovery reconciles). */
  heartbeatFailing: (accountId: string) => boolean;
  log: Logger;
  defer?: (run: () => void) => void;
}

export class ReconcileAfterOutage {
  private armed: StoredAccount | null = null;
  private unreachable = false;
  private mode: ExchangeMode = 'normal';

  constructor(private readonly options: ReconcileAfterOutageOptions) {}

  /** The OutageTracker's word on the order-book service. */
  reachability(out: boolean): void {
    this.unreachable = out;
    this.update();
  }

  /** The exchange mode the client believes in now. */
  modeIs(mode: ExchangeMode): void {
    this.mode = mode;
    this.update();
  }

  private update(): void {
    const away = this.unreachable || OUT_OF_TRADE_MODES.includes(this.mode);
    if (away && this.armed === null) {
      const account = this.options.account();
      if (!account) return;
      this.armed = account;
      this.options.reconciler.arm(account);
    } else if (!away && this.armed !== null) {
      const account = this.armed;
      this.armed = null;
      (this.options.defer ?? ((run) => setTimeout(run, 0)))(() => this.reconcile(account));
    }
  }

  private reconcile(account: StoredAccount): void {
    if (this.options.heartbeatFailing(account.id)) return;
    void this.options.reconciler.reconcile(account, 'reconciled').catch((error: unknown) => {
      this.options.log.warn(`reconciling open orders after the order book was out of reach failed: ${error instanceof Error ? error.message : 'unknown'}`);
    });
  }
}
