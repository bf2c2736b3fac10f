/**
 * Whether the active account can trade right now, and if not, why — in words for the UI. Main
 * refuses the same cases; checking here spares doomed calls and says what to do about it.
 */
import type { AccountView } from '../../shared/custodyViews';
import { issuedElsewhere, issuerName, type IssuingHosts } from '../../shared/issuedOrigin';
import { selectActiveAccount, selectHosts, useAccountsStore } from './accountsStore';
import { selectLockStatus, useVaultStore, type LockStatus } from './vaultStore';

/** `credentials_elsewhere`: issued by another host than the network now points at; main sends nothing with them. */
export type TradingBlockKind = 'no_vault' | 'locked' | 'no_account' | 'watch_only' | 'no_credentials' | 'credentials_elsewhere';

export interface TradingBlock {
  kind: TradingBlockKind;
  reason: string;
}

export function tradingBlock(account: AccountView | null, lock: LockStatus, hosts?: IssuingHosts): TradingBlock | null {
  if (lock === 'none') return { kind: 'no_vault', reason: 'No vault yet: create one and add an account to trade.' };
  if (lock !== 'unlocked') return { kind: 'locked', reason: 'The vault is locked: unlock it to sign orders.' };
  if (!account) return { kind: 'no_account', reason: 'No account yet: create one in the order ticket, or add one in Accounts.' };
  if (account.kind === 'watchOnly') return { kind: 'watch_only', reason: `"${account.label}" is watch-only: there is no key to sign orders.` };
  if (!account.clobCredentials) {
    return { kind: 'no_credentials', reason: `"${account.label}" has no order-book credentials yet: create them in the order ticket or in Accounts.` };
  }
  if (hosts && issuedElsewhere(account.clobCredentials.origin, hosts.clob)) {
    return {
      kind: 'credentials_elsewhere',
      reason: `The order-book credentials of "${account.label}" were issued by ${issuerName(account.clobCredentials.origin)}; this network now points at ${issuerName(hosts.clob)}. Re-issue them for the new host to trade here.`,
    };
  }
  return null;
}

/** For stores and the subscriptions module, outside React. */
export function currentTradingBlock(): TradingBlock | null {
  const accounts = useAccountsStore.getState();
  return tradingBlock(selectActiveAccount(accounts), selectLockStatus(useVaultStore.getState()), selectHosts(accounts));
}

/** For components: re-renders when the answer changes. */
export function useTradingBlock(): TradingBlock | null {
  const account = useAccountsStore(selectActiveAccount);
  const lock = useVaultStore(selectLockStatus);
  const hosts = useAccountsStore(selectHosts);
  return tradingBlock(account, lock, hosts);
}
