/** The signature type and, for accounts without a key, the watch-only mark. */
import type { AccountView } from '../../shared/custodyViews';
import { SIGNATURE_TYPE_LABELS } from '../lib/signatureTypes';

export function AccountBadges({ account }: { account: Pick<AccountView, 'signatureType' | 'kind'> }) {
  return (
    <span className="account-badges">
      <span className="badge badge-sig" data-testid="badge-signature-type" title="Signature type">
        {SIGNATURE_TYPE_LABELS[account.signatureType].toUpperCase()}
      </span>
      {account.kind === 'watchOnly' ? (
        <span className="badge badge-watch" data-testid="badge-watch-only" title="No key: read-only, trading disabled">
          WATCH-ONLY
        </span>
      ) : null}
    </span>
  );
}
