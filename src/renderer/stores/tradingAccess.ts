/**
 * Whether the active account can trade right now, and if not, why — in words for the UI. Main
 * refuses the same cases; checking here spares doomed calls and says what to do about it.
 */
import type { AccountView } from '../../shared/custodyViews';
import { selectActiveAccount, useAccountsStore } from './accountsStore';
import { selectLockStatus, useVaultStore, type LockStatus } from './vaultStore';

export type TradingBlockKind = 'no_vault' | 'locked' | 'no_account' | 'watch_only' | 'no_credentials';

export interface TradingBlock {
  kind: TradingBlockKind;
  reason: string;
}

export function tradingBlock(account: AccountView | null, lock: LockStatus): TradingBlock | null {
  if (lock === 'none') return { kind: 'no_vault', reason: 'No vault yet: create one and add an account to trade.' };
  if (lock !== 'unlocked') return { kind: 'locked', reason: 'The vault is locked: unlock it to sign orders.' };
  if (!account) return { kind: 'no_account', reason: 'No account yet: create one in the order ticket, or add one in Accounts.' };
  if (account.kind === 'watchOnly') return { kind: 'watch_only', reason: `"${account.label}" is watch-only: there is no key to sign orders.` };
  if (!account.clobCredentials) {
    return { kind: 'no_credentials', reason: `"${account.label}" has no order-book credentials yet: create them in the order ticket or in Accounts.` };
  }
  return null;
}

/** For stores and the subscriptions module, outside React. */
export function currentTradingBlock(): TradingBlock | null {
  return tradingBlock(selectActiveAccount(useAccountsStore.getState()), selectLockStatus(useVaultStore.getState()));
}

/** For components: re-renders when the answer changes. */
export function useTradingBlock(): TradingBlock | null {
  const account = useAccountsStore(selectActiveAccount);
  const lock = useVaultStore(selectLockStatus);
  return tradingBlock(account, lock);
}
