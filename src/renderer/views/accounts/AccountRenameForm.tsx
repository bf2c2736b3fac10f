/** Inline rename: Enter saves, Escape cancels; the typed label stays if saving fails. */
import { useState } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { useAccountsStore } from '../../stores/accountsStore';

export function AccountRenameForm({ account, onDone }: { account: AccountView; onDone: () => void }) {
  const [label, setLabel] = useState(account.label);
  const rename = useBridgeAction(api.renameAccount);
  const trimmed = label.trim();
  const save = async () => {
    if (trimmed === account.label) return onDone();
    if (trimmed.length === 0) return;
    const result = await rename.run({ accountId: account.id, label: trimmed });
    if (result?.ok) {
      useAccountsStore.getState().receive(result.value);
      onDone();
    }
  };
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="account-rename-form"
    >
      <input
        className="input"
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
        maxLength={60}
        aria-label={`New label for ${account.label}`}
        // Opened by an explicit "Rename" click, so taking focus is what the user expects.
        autoFocus
        data-testid="account-rename-input"
        disabled={rename.pending}
      />
      <button type="submit" className="button button-small" disabled={rename.pending || trimmed.length === 0} data-testid="account-rename-save">
        Save
      </button>
      <button type="button" className="button button-small" onClick={onDone} disabled={rename.pending}>
        Cancel
      </button>
      <ActionError error={rename.error} testId="account-rename-error" />
    </form>
  );
}
