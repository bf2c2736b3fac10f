/**
 * The kill switch: every account's open orders on the current network are cancelled
 * (`DELETE /cancel-all` per account, through the same authenticated client, budget and
 * cancel priority as any cancel) and every heartbeat stops. Heartbeats stop first: an account
 * whose cancel fails then still has its orders cancelled by the exchange's own dead-man switch
 * within its window. It reduces risk, so the page's own confirmation is enough; the answer says
 * per account what was cancelled, what was not, and why.
 */
import type { KillSwitchAccountResult, KillSwitchResult } from '../../../shared/riskLimits';
import type { NetworkInfo } from '../../../shared/viewModels';
import type { AccountRegistry, StoredAccount } from '../accounts/accountRegistry';
import type { VaultSession } from '../accounts/vaultSession';
import { CoreError } from '../coreError';
import type { HeartbeatService } from '../trading/heartbeatService';
import type { CancelResult } from '../trading/orderService';

export interface KillSwitchOptions {
  network: () => NetworkInfo;
  registry: AccountRegistry;
  session: VaultSession;
  heartbeats: HeartbeatService;
  /** `DELETE /cancel-all` for one account (OrderService.cancelAllOf). */
  cancelAll: (account: StoredAccount) => Promise<CancelResult>;
  now?: () => number;
}

export class KillSwitch {
  constructor(private readonly options: KillSwitchOptions) {}

  /** `networkId` is the network the page asked about: after a switch nothing is cancelled on another. */
  async run(networkId: string): Promise<KillSwitchResult> {
    const network = this.options.network();
    if (networkId !== network.id) {
      throw new CoreError('conflict', `The kill switch was asked for another network than ${network.label}, where the app trades now: nothing was cancelled. Press it again.`);
    }
    if (!this.options.session.state().unlocked) {
      throw new CoreError('locked', "Unlock the vault: cancelling needs each account's order-book key. While the vault is locked no heartbeat runs.");
    }
    const accounts = this.options.registry.all();
    const stopped = new Set<string>();
    for (const id of this.options.heartbeats.runningFor()) {
      const account = accounts.find((a) => a.id === id);
      if (!account) continue;
      await this.options.heartbeats.setEnabled(account, false);
      stopped.add(id);
    }
    const results = await Promise.all(accounts.map((account) => this.cancelFor(account, network, stopped.has(account.id))));
    return { networkId: network.id, networkLabel: network.label, at: (this.options.now ?? Date.now)(), accounts: results };
  }

  private async cancelFor(account: StoredAccount, network: NetworkInfo, heartbeatStopped: boolean): Promise<KillSwitchAccountResult> {
    const base = { accountId: account.id, label: account.label, address: account.address, canceled: [], notCanceled: {}, heartbeatStopped };
    if (account.kind === 'watchOnly') {
      return { ...base, outcome: 'watch-only', reason: 'Watch-only: the app holds no key for this address, so it cannot cancel its orders.' };
    }
    if (!account.clobCredentials) {
      return { ...base, outcome: 'no-credentials', reason: `No order-book credentials on ${network.label}: the app cannot cancel orders for it there.` };
    }
    try {
      const { canceled, notCanceled } = await this.options.cancelAll(account);
      const outcome = Object.keys(notCanceled).length === 0 ? 'cancelled' : 'not-all-cancelled';
      return { ...base, outcome, canceled, notCanceled, reason: null };
    } catch (error) {
      const reason = error instanceof CoreError ? error.message : 'The cancel failed unexpectedly.';
      return { ...base, outcome: 'failed', reason };
    }
  }
}
