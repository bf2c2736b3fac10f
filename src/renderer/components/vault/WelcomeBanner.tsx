/**
 * First run only (no vault yet): one line and the button that creates the vault. Markets works without a vault, so
 * this never blocks anything and can be dismissed for the session.
 */
import { useState } from 'react';
import { hrefForView, selectView, useNavigationStore } from '../../stores/navigationStore';
import { showVaultPrompt } from '../../stores/vaultPromptStore';
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
        <strong>Welcome to Marketdesk.</strong> Browse markets right away. To trade, create your encrypted vault; the order
        ticket then offers your first account (or add and import keys in <a href={hrefForView('accounts')}>Accounts</a>).
      </span>
      <button type="button" className="button button-small button-primary" onClick={() => showVaultPrompt('Create your vault to keep the keys you trade with.')} data-testid="welcome-create-vault">
        Create vault…
      </button>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setDismissed(true)} data-testid="welcome-dismiss">
        ×
      </button>
    </div>
  );
}
