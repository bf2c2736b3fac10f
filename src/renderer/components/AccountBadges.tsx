/** The signature type and, for accounts without a key, the watch-only mark. */
import type { AccountView } from '../../shared/custodyViews';
import { SIGNATURE_TYPE_LABELS } from '../lib/signatureTypes';

export function AccountBadges({ account }: { account: Pick<AccountView, 'signatureType' | 'kind' | 'keyMissing'> }) {
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
      {account.keyMissing ? (
        <span className="badge badge-watch" data-testid="badge-key-missing" title="This account's key is not in the vault: signing is refused. Remove the account, then import its key again if you have it.">
          KEY MISSING
        </span>
      ) : null}
    </span>
  );
}
