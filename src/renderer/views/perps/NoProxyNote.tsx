/**
 * Said where perps data would be when the account cannot reach the exchange yet: no proxy (a
 * button makes the account active and opens Accounts, where proxies are created), an expired
 * proxy (rotate it there), a watch-only account, or the core's own reason.
 */
import type { AccountView } from '../../../shared/custodyViews';
import type { PerpsAccountView } from '../../../shared/perpsViews';
import { EmptyState } from '../../components/EmptyState';
import { useAccountsStore } from '../../stores/accountsStore';
import { hrefForView } from '../../stores/navigationStore';

/** Makes the account active and opens Accounts, where its proxies are created and rotated. */
export async function openAccountsFor(accountId: string): Promise<void> {
  await useAccountsStore.getState().switchTo(accountId);
  window.location.hash = hrefForView('accounts');
}

/** Why this account has no perps data, or null when it can have some. */
export function perpsBlocker(account: AccountView, perps: PerpsAccountView | null): string | null {
  if (account.kind === 'watchOnly') return 'A watch-only account has no key, so it cannot have a perps proxy.';
  if (account.perpsProxies.length === 0) return `${account.label} has no perps proxy yet. A proxy signs transfers and reads the account’s perps data.`;
  if (perps && perps.activeProxy === null) return perps.unavailableReason ?? `Every proxy of ${account.label} has expired: rotate one in Accounts.`;
  return null;
}

export function NoProxyNote({ account, reason, testId }: { account: AccountView; reason: string; testId: string }) {
  return (
    <EmptyState title="Not on the perps exchange yet" testId={testId}>
      <p>{reason}</p>
      {account.kind === 'watchOnly' ? null : (
        <p>
          <button type="button" className="button button-primary" onClick={() => void openAccountsFor(account.id)} data-testid={`${testId}-open-accounts`}>
            Create a proxy in Accounts
          </button>
        </p>
      )}
    </EmptyState>
  );
}
