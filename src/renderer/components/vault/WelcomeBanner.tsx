/**
 * First run only (no vault yet): one line pointing to Accounts. Markets works without a vault, so
 * this never blocks anything and can be dismissed for the session.
 */
import { useState } from 'react';
import { hrefForView, selectView, useNavigationStore } from '../../stores/navigationStore';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';

export function WelcomeBanner() {
  const status = useVaultStore(selectLockStatus);
  const view = useNavigationStore(selectView);
  const [dismissed, setDismissed] = useState(false);
  if (status !== 'none' || dismissed || view === 'accounts') return null;
  return (
    <div className="welcome-banner" role="region" aria-label="Welcome" data-testid="welcome-banner">
      <span className="welcome-mark" aria-hidden="true" />
      <span>
        <strong>Welcome to Marketdesk.</strong> Browse markets right away; to trade, create your encrypted vault and add an
        account in <a href={hrefForView('accounts')}>Accounts</a>.
      </span>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setDismissed(true)} data-testid="welcome-dismiss">
        ×
      </button>
    </div>
  );
}
