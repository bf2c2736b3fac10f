/** The active account: who it is, its key, its order-book credentials and its perps proxies. */
import type { AccountView } from '../../../shared/custodyViews';
import { AccountBadges } from '../../components/AccountBadges';
import { formatDateTime } from '../../lib/format';
import { SIGNATURE_TYPE_LABELS } from '../../lib/signatureTypes';
import { ClobCredentialsPanel } from './ClobCredentialsPanel';
import { KeyActions } from './KeyActions';
import { PerpsProxiesPanel } from './PerpsProxiesPanel';

export function AccountDetail({ account, onRemove }: { account: AccountView; onRemove: () => void }) {
  return (
    <div className="account-detail" data-testid="account-detail" data-account-id={account.id}>
      <header className="account-head">
        <div className="account-head-title">
          <h2 className="account-head-label" data-testid="account-detail-label">
            {account.label}
          </h2>
          <AccountBadges account={account} />
          <span className="chip">active</span>
        </div>
        <dl className="facts-grid">
          <dt>Address</dt>
          <dd className="num selectable" data-testid="account-detail-address">
            {account.address}
          </dd>
          <dt>Signature</dt>
          <dd>{SIGNATURE_TYPE_LABELS[account.signatureType]}</dd>
          {account.funder ? (
            <>
              <dt>Funder</dt>
              <dd className="num selectable" data-testid="account-detail-funder">
                {account.funder}
              </dd>
            </>
          ) : null}
          <dt>Added</dt>
          <dd className="num">{formatDateTime(account.createdAt)}</dd>
        </dl>
      </header>
      <KeyActions account={account} onRemove={onRemove} />
      <ClobCredentialsPanel account={account} />
      <PerpsProxiesPanel account={account} />
    </div>
  );
}
