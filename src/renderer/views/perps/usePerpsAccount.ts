/**
 * What every perps view starts with: the exchange's info and the accounts' perps views, loaded
 * when the view opens and re-read while it is visible (equity moves), and the account a picker
 * value resolves to (null: the active account).
 */
import { useEffect, useMemo, useState } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import type { PerpsAccountView } from '../../../shared/perpsViews';
import { usePolling } from '../../hooks/usePolling';
import { selectAccounts, selectActiveAccountId, useAccountsStore } from '../../stores/accountsStore';
import { selectPerpsAccount, usePerpsStore } from '../../stores/perpsStore';

const ACCOUNTS_REFRESH_MS = 15_000;

export function usePerpsBasics(): void {
  const loadInfo = usePerpsStore((s) => s.loadInfo);
  const loadAccounts = usePerpsStore((s) => s.loadAccounts);
  const hasInfo = usePerpsStore((s) => s.info !== null);
  const accountCount = useAccountsStore((s) => s.accounts.length);
  useEffect(() => {
    if (!hasInfo) void loadInfo();
  }, [hasInfo, loadInfo]);
  // A new account (or a removed one) changes the list: the key restarts the polling.
  usePolling(`perps-accounts-${accountCount}`, ACCOUNTS_REFRESH_MS, loadAccounts, 'perps');
}

export interface ResolvedPerpsAccount {
  accountId: string | null;
  account: AccountView | null;
  perps: PerpsAccountView | null;
}

export function usePerpsAccount(choice: string | null): ResolvedPerpsAccount {
  const activeAccountId = useAccountsStore(selectActiveAccountId);
  const accounts = useAccountsStore(selectAccounts);
  const accountId = choice ?? activeAccountId;
  const account = accounts.find((a) => a.id === accountId) ?? null;
  const perps = usePerpsStore(useMemo(() => selectPerpsAccount(accountId), [accountId]));
  return { accountId: account ? accountId : null, account, perps };
}

/**
 * The start of every perps view: the basics loaded and polled, the account picker's choice (null:
 * the active account) and the account it resolves to.
 */
export function usePerpsView(): ResolvedPerpsAccount & { choice: string | null; setChoice: (choice: string | null) => void } {
  usePerpsBasics();
  const [choice, setChoice] = useState<string | null>(null);
  return { choice, setChoice, ...usePerpsAccount(choice) };
}
