/**
 * The non-secret half of accounts: labels, addresses, order, the active account and which
 * credentials exist (with masked hints). It lives beside the settings in clear, so the account
 * switcher and cached views work while the vault is locked; every secret lives in the vault,
 * keyed by the record ids kept here.
 */
import type { AccountView, AccountsState } from '../../../shared/custodyViews';
import { CoreError } from '../coreError';
import { MemoryBackedConf } from '../settings/memoryBackedConf';

/** What is stored of an account is exactly what the renderer may see: no secret lives here. */
export type StoredAccount = AccountView;

interface RegistryData {
  accounts: StoredAccount[];
  activeAccountId: string | null;
}

export class AccountRegistry {
  private readonly store: MemoryBackedConf<RegistryData>;

  constructor(dataDir: string) {
    this.store = new MemoryBackedConf<RegistryData>({
      cwd: dataDir,
      configName: 'accounts',
      projectName: 'marketdesk',
      defaults: { accounts: [], activeAccountId: null },
      clearInvalidConfig: false,
    });
  }

  state(): AccountsState {
    const accounts = this.all();
    const active = this.store.get('activeAccountId');
    const activeAccountId = accounts.some((a) => a.id === active) ? active : (accounts[0]?.id ?? null);
    return { accounts, activeAccountId };
  }

  all(): StoredAccount[] {
    const accounts = this.store.get('accounts');
    return Array.isArray(accounts) ? accounts : [];
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
    this.store.set('accounts', [...this.all(), account]);
    if (!this.store.get('activeAccountId')) this.store.set('activeAccountId', account.id);
  }

  update(accountId: string, change: (account: StoredAccount) => StoredAccount): StoredAccount {
    let updated: StoredAccount | undefined;
    const accounts = this.all().map((a) => (a.id === accountId ? (updated = change(a)) : a));
    if (!updated) throw new CoreError('not_found', `There is no account with id ${accountId}.`);
    this.store.set('accounts', accounts);
    return updated;
  }

  remove(accountId: string): void {
    this.get(accountId);
    this.store.set('accounts', this.all().filter((a) => a.id !== accountId));
    if (this.store.get('activeAccountId') === accountId) this.store.set('activeAccountId', this.all()[0]?.id ?? null);
  }

  /** Puts the named accounts first in the given order; any not named keep their relative order after. */
  reorder(accountIds: readonly string[]): void {
    const accounts = this.all();
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
