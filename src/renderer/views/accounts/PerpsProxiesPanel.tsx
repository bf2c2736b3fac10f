/**
 * Perps proxy keys of the active account: the exchange lets a proxy trade for the owner until it
 * expires. Main signs the request with the owner key and keeps each proxy's secret in the vault;
 * this list shows address, label, expiry, state and referral code, and warns (offering Rotate)
 * when a proxy expires within the week or has expired, or was created by another host than the
 * network now points at (main sends nothing with it there; a new proxy is created here instead).
 */
import type { AccountView } from '../../../shared/custodyViews';
import { BlockedNote } from '../../components/BlockedNote';
import { useNow } from '../../hooks/useNow';
import { perpsProxyState as proxyState } from '../../../shared/perpsViews';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';
import { issuedElsewhere, issuerName } from '../../../shared/issuedOrigin';
import { selectHosts, useAccountsStore } from '../../stores/accountsStore';
import { PerpsProxyCreateForm } from './PerpsProxyCreateForm';
import { PerpsProxyRow } from './PerpsProxyRow';
import { signingBlock } from './signingBlock';
import { formatNumber } from '../../lib/format';

const PURPOSE = 'Unlock the vault to manage perps proxies.';

export function PerpsProxiesPanel({ account }: { account: AccountView }) {
  const lock = useVaultStore(selectLockStatus);
  const block = signingBlock(account, lock, 'create or delete proxies');
  const proxies = [...account.perpsProxies].sort((a, b) => a.expiresAt - b.expiresAt);
  const now = useNow(60_000, proxies.length > 0);
  const expiring = proxies.filter((p) => proxyState(p.expiresAt, now) === 'expiring').length;
  const expired = proxies.filter((p) => proxyState(p.expiresAt, now) === 'expired').length;
  const host = useAccountsStore(selectHosts)?.perps;
  const elsewhere = proxies.filter((p) => issuedElsewhere(p.origin, host));
  return (
    <section className="panel" data-testid="proxies-panel" aria-labelledby="proxies-panel-title">
      <header className="panel-header">
        <h3 className="panel-title" id="proxies-panel-title">
          Perps proxies
        </h3>
        <span className="panel-meta">{proxies.length === 0 ? 'none' : `${formatNumber(proxies.length - expired)} active`}</span>
      </header>
      {expiring + expired > 0 ? (
        <p className="panel-note proxy-warning" role="status" data-testid="proxies-warning">
          {expired > 0 ? `${formatNumber(expired)} prox${expired === 1 ? 'y has' : 'ies have'} expired and can no longer sign or read. ` : ''}
          {expiring > 0 ? `${formatNumber(expiring)} prox${expiring === 1 ? 'y expires' : 'ies expire'} within 7 days. ` : ''}
          Rotate replaces a proxy with a fresh one under the same label.
        </p>
      ) : null}
      {elsewhere.length > 0 ? (
        <p className="panel-note proxy-warning" role="status" data-testid="proxies-elsewhere">
          {elsewhere.map((p) => `“${p.label}”`).join(', ')} {elsewhere.length === 1 ? 'was' : 'were'} created by {issuerName(elsewhere[0]!.origin)}; this
          network now points at {issuerName(host)}, where nothing is sent with {elsewhere.length === 1 ? 'it' : 'them'}. Create a proxy for the new host below.
        </p>
      ) : null}
      {proxies.length > 0 ? (
        <table className="data-table" data-testid="proxies-table">
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Proxy address</th>
              <th scope="col">Expires</th>
              <th scope="col">Referral</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {proxies.map((proxy) => (
              <PerpsProxyRow key={proxy.proxyAddress} accountId={account.id} proxy={proxy} now={now} disabled={Boolean(block)} />
            ))}
          </tbody>
        </table>
      ) : (
        <p className="panel-note">No proxies. A proxy key trades perps for this account without exposing its main key, until it expires.</p>
      )}
      {block ? <BlockedNote kind={block.kind} reason={block.reason} purpose={PURPOSE} testId="proxies-blocked" /> : null}
      <PerpsProxyCreateForm disabled={Boolean(block)} />
    </section>
  );
}
