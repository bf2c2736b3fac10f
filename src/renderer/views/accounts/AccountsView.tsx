/**
 * Accounts: the list on the left (switch, reorder, rename, remove, add), the active account on
 * the right. Without a vault the view is the create form; while locked the unlock form sits above
 * the cached accounts, whose signing actions say why they are disabled.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AccountView } from '../../../shared/custodyViews';
import { InlineError } from '../../components/InlineError';
import { CreateVaultForm } from '../../components/vault/CreateVaultForm';
import { VaultGate } from '../../components/vault/VaultGate';
import { selectActiveAccount, useAccountsStore } from '../../stores/accountsStore';
import { showVaultPrompt } from '../../stores/vaultPromptStore';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';
import { AccountDetail } from './AccountDetail';
import { AccountList } from './AccountList';
import { AddAccountPanel } from './add/AddAccountPanel';
import { RemoveAccountDialog } from './RemoveAccountDialog';
import { formatNumber } from '../../lib/format';

/** The one account hotkey that works in the desktop app and in a browser (the ? sheet says the same). */
const SHORTCUT = 'Alt+Shift+1…9';

function ListPane({ onAdd, onRemove }: { onAdd: () => void; onRemove: (account: AccountView) => void }) {
  const { count, phase, loadError, load } = useAccountsStore(
    useShallow((s) => ({ count: s.accounts.length, phase: s.phase, loadError: s.loadError, load: s.load })),
  );
  return (
    <div className="pane accounts-pane">
      <div className="pane-header">
        <h2 className="pane-title">Accounts</h2>
        <span className="pane-meta" data-testid="account-count">
          {formatNumber(count)}
        </span>
        <button type="button" className="button button-small pane-header-action" onClick={onAdd} data-testid="add-account">
          + Add account
        </button>
      </div>
      {phase === 'error' && loadError && count === 0 ? (
        <InlineError what="Could not list the accounts" error={loadError} onRetry={() => void load()} />
      ) : count === 0 ? (
        <p className="pane-note">{phase === 'ready' ? 'No accounts yet.' : 'Loading accounts…'}</p>
      ) : (
        <div className="pane-scroll">
          <AccountList onRemove={onRemove} />
        </div>
      )}
      <p className="pane-foot muted">{SHORTCUT} switches from anywhere.</p>
    </div>
  );
}

export function AccountsView() {
  const lock = useVaultStore(selectLockStatus);
  const { active, count } = useAccountsStore(useShallow((s) => ({ active: selectActiveAccount(s), count: s.accounts.length })));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AccountView | null>(null);

  if (lock === 'none') {
    return (
      <section className="view accounts-first-run" data-testid="view-accounts" aria-label="Accounts">
        <CreateVaultForm />
      </section>
    );
  }

  const startAdding = () => {
    if (lock === 'unlocked') setAdding(true);
    else showVaultPrompt('Unlock the vault to add an account.');
  };
  const showAdd = lock === 'unlocked' && (adding || count === 0);

  return (
    <section className="view accounts" data-testid="view-accounts" aria-label="Accounts">
      <ListPane onAdd={startAdding} onRemove={setRemoving} />
      <div className="accounts-main pane-scroll">
        {lock === 'locked' || lock === 'unknown' ? (
          <div className="accounts-gate">
            <VaultGate purpose="Unlock to sign, add accounts and manage credentials. Market data keeps working while locked." />
          </div>
        ) : null}
        {showAdd ? (
          <AddAccountPanel onDone={() => setAdding(false)} canCancel={count > 0} />
        ) : active ? (
          <AccountDetail account={active} onRemove={() => setRemoving(active)} />
        ) : count > 0 ? (
          <p className="pane-note">Choose an account on the left to make it active.</p>
        ) : null}
      </div>
      {removing ? <RemoveAccountDialog account={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}
