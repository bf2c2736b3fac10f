/**
 * Said in the header of a perps view when the proxy that signs and reads for the shown account
 * expires within the warning window (7 days, the rule Accounts uses): when it expires, transfers
 * and the account's perps data stop until a new one exists. One button makes the account active
 * and opens Accounts, where Rotate replaces the proxy. Re-evaluated every minute.
 */
import { perpsProxyState, type PerpsAccountView } from '../../../shared/perpsViews';
import { useNow } from '../../hooks/useNow';
import { formatDateTime } from '../../lib/format';
import { openAccountsFor } from './NoProxyNote';

export function ProxyExpiryNote({ perps, testId }: { perps: PerpsAccountView | null; testId: string }) {
  const signing = perps?.proxies.find((proxy) => proxy.proxyAddress === perps.activeProxy) ?? null;
  const now = useNow(60_000, signing !== null);
  if (!perps || !signing || perpsProxyState(signing.expiresAt, now) !== 'expiring') return null;
  return (
    <p className="panel-note proxy-warning px-expiry-note" role="status" data-testid={testId} data-proxy-address={signing.proxyAddress}>
      The proxy that signs for {perps.label} (“{signing.label}”) expires {formatDateTime(signing.expiresAt)}; after that, transfers and its perps data stop.{' '}
      <button type="button" className="button button-small" onClick={() => void openAccountsFor(perps.accountId)} data-testid={`${testId}-rotate`}>
        Rotate it in Accounts
      </button>
    </p>
  );
}
