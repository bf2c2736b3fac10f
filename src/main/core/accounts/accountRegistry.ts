/**
 * The non-secret half of accounts: labels, addresses, order, the active account and which
 * credentials exist (with masked hints). It lives beside the settings in clear, so the account
 * switcher and cached views work while the vault is locked; every secret lives in the vault,
 * keyed by the record ids kept here.
 */
import type { AccountView, AccountsState } from '../../../shared/custodyViews';
import type { IssuingHosts } from '../../../shared/issuedOrigin';
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';
import { CoreError } from '../coreError';
import type { StorageReport } from '../dataFolder/storageHealth';
import { MemoryBackedConf } from '../settings/memoryBackedConf';
import { issuedTo, legacyIssued, sameIssued, sharedHalf, withIssued, withoutAccount, type IssuedByNetwork, type IssuedToAccount } from './issuedByNetwork';

/** What is stored of an account is exactly what the renderer may see: no secret lives here. */
export type StoredAccount = AccountView;

interface RegistryData {
  accounts: StoredAccount[];
  activeAccountId: string | null;
  /** Per network: what services issued to each account (issuedByNetwork.ts). */
  issuedByNetwork?: IssuedByNetwork;
}

export class AccountRegistry {
  private readonly store: MemoryBackedConf<RegistryData>;

  /**
   * `currentNetwork` says whose issued credentials and proxies the account views carry (the
   * active network); services bound to one network use issued()/updateIssued() with their own id.
   * `currentHosts` says what that network's services bind what they issue now to (null between
   * networks), so the views can show credentials and proxies issued by another host.
   */
  constructor(
    dataDir: string,
    private readonly currentNetwork: () => string = () => SANDBOX_NETWORK_ID,
    private readonly currentHosts: () => IssuingHosts | null = () => null,
    report?: StorageReport,
  ) {
    this.store = new MemoryBackedConf<RegistryData>(
      { cwd: dataDir, configName: 'accounts', projectName: 'marketdesk', defaults: { accounts: [], activeAccountId: null }, clearInvalidConfig: false },
      { describe: (key) => (key === 'activeAccountId' ? 'the choice of active account' : 'the account list'), ...(report ? { report } : {}) },
    );
    // An older file's credentials and proxies are the sandbox's: carried over once, first the new
    // map, then the accounts without them (a stop in between leaves the map, which wins on read).
    const carried = legacyIssued(this.stored(), this.store.get('issuedByNetwork'));
    if (carried) {
      this.store.set('issuedByNetwork', carried);
      this.store.set('accounts', this.stored().map(sharedHalf));
    }
  }

  /** The accounts as stored (the shared half). */
  private stored(): StoredAccount[] {
    const accounts = this.store.get('accounts');
    return Array.isArray(accounts) ? accounts : [];
  }

  private allIssued(): IssuedByNetwork {
    return this.store.get('issuedByNetwork') ?? {};
  }

  /** What services of `networkId` issued to an account. */
  issued(networkId: string, accountId: string): IssuedToAccount {
    this.get(accountId);
    return issuedTo(this.allIssued(), networkId, accountId);
  }

  /** Changes what services of `networkId` issued to an account; returns the account as seen on that network. */
  updateIssued(networkId: string, accountId: string, change: (issued: IssuedToAccount) => IssuedToAccount): StoredAccount {
    const account = this.get(accountId);
    const next = change(issuedTo(this.allIssued(), networkId, accountId));
    this.store.set('issuedByNetwork', withIssued(this.allIssued(), networkId, accountId, next));
    return { ...account, ...next };
  }

  state(): AccountsState {
    const accounts = this.all();
    const active = this.store.get('activeAccountId');
    const activeAccountId = accounts.some((a) => a.id === active) ? active : (accounts[0]?.id ?? null);
    const hosts = this.currentHosts();
    return { accounts, activeAccountId, ...(hosts ? { hosts } : {}) };
  }

  /** Every account as seen on the current network (its credentials and proxies there). */
  all(): StoredAccount[] {
    const issued = this.allIssued();
    const network = this.currentNetwork();
    return this.stored().map((a) => ({ ...a, ...issuedTo(issued, network, a.id) }));
  }

  get(accountId: string): StoredAccount {
    const account = this.all().find((a) => a.id === accountId);
    if (!account) throw new CoreError('not_found', `There is no account with id ${accountId}.`);
    return account;
  }

  active(): StoredAccount | null {
    const { activeAccountId } = this.state();
    return activeAccountId ? this.get(activeAccountId) : null;
  }

  /** The active account, or a clear refusal when there is none yet. */
  requireActive(): StoredAccount {
    const account = this.active();
    if (!account) throw new CoreError('not_found', 'There is no account yet: add one in Accounts first.');
    return account;
  }

  findByAddress(address: string): StoredAccount | undefined {
    return this.all().find((a) => a.address.toLowerCase() === address.toLowerCase());
  }

  add(account: StoredAccount): void {
    const existing = this.findByAddress(account.address);
    if (existing) {
      throw new CoreError('conflict', `The address ${account.address} is already in Marketdesk as "${existing.label}".`);
    }
    this.store.set('accounts', [...this.stored(), sharedHalf(account)]);
    if (!this.store.get('activeAccountId')) this.store.set('activeAccountId', account.id);
    const { clobCredentials, perpsProxies } = account;
    if (clobCredentials || perpsProxies.length > 0) this.updateIssued(this.currentNetwork(), account.id, () => ({ clobCredentials, perpsProxies }));
  }

  /** Changes an account as seen on the current network; what was issued is written to that network. */
  update(accountId: string, change: (account: StoredAccount) => StoredAccount): StoredAccount {
    const updated = change(this.get(accountId));
    const { clobCredentials, perpsProxies } = updated;
    this.store.set('accounts', this.stored().map((a) => (a.id === accountId ? sharedHalf(updated) : a)));
    if (!sameIssued(issuedTo(this.allIssued(), this.currentNetwork(), accountId), { clobCredentials, perpsProxies })) {
      this.updateIssued(this.currentNetwork(), accountId, () => ({ clobCredentials, perpsProxies }));
    }
    return updated;
  }

  remove(accountId: string): void {
    this.get(accountId);
    this.store.set('accounts', this.stored().filter((a) => a.id !== accountId));
    const issued = this.allIssued();
    if (Object.values(issued).some((network) => accountId in network)) this.store.set('issuedByNetwork', withoutAccount(issued, accountId));
    if (this.store.get('activeAccountId') === accountId) this.store.set('activeAccountId', this.all()[0]?.id ?? null);
  }

  /** Puts the named accounts first in the given order; any not named keep their relative order after. */
  reorder(accountIds: readonly string[]): void {
    const accounts = this.stored();
    const unknown = accountIds.find((id) => !accounts.some((a) => a.id === id));
    if (unknown) throw new CoreError('not_found', `There is no account with id ${unknown}.`);
    if (new Set(accountIds).size !== accountIds.length) throw new CoreError('invalid_input', 'Each account can appear only once in the new order.');
    const named = accountIds.map((id) => accounts.find((a) => a.id === id)!);
    const rest = accounts.filter((a) => !accountIds.includes(a.id));
    this.store.set('accounts', [...named, ...rest]);
  }

  setActive(accountId: string): void {
    this.get(accountId);
    this.store.set('activeAccountId', accountId);
  }
}
