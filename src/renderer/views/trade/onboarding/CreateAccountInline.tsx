/**
 * A first account without leaving the ticket: a new key generated inside the vault (the same
 * as Accounts → Add → Create), named here. Importing keys, watch-only addresses and wallet
 * types stay in Accounts, linked beside it.
 */
import { useState } from 'react';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { useAccountsStore } from '../../../stores/accountsStore';

const DEFAULT_LABEL = 'Trading';

export function CreateAccountInline({ testId = 'ticket-create-account' }: { testId?: string }) {
  const [label, setLabel] = useState(DEFAULT_LABEL);
  const create = useBridgeAction(api.createAccount);
  const trimmed = label.trim();
  const problem = trimmed === '' ? 'Give the account a name.' : trimmed.length > 60 ? 'A name is at most 60 characters.' : null;
  const submit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (problem) return;
    const result = await create.run({ label: trimmed });
    if (result?.ok) useAccountsStore.getState().receive(result.value);
  };
  // A group, not a <form>: it sits inside the ticket’s own form (Enter here must not send an order).
  return (
    <div className="onboarding-inline onboarding-account" role="group" aria-label="Create an account" data-testid={testId}>
      <span className="muted">A new key is generated inside your vault; back it up later from Accounts.</span>
      <label className="inline-field">
        <span className="muted">Name</span>
        <input
          className="input input-narrow"
          value={label}
          maxLength={80}
          onChange={(event) => setLabel(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit(event);
          }}
          data-testid={`${testId}-label`}
        />
      </label>
      <button type="button" className="button button-small button-primary" disabled={create.pending || problem !== null} onClick={(event) => void submit(event)} data-testid={`${testId}-submit`}>
        {create.pending ? 'Creating…' : 'Create account'}
      </button>
      {problem ? <span className="field-error">{problem}</span> : null}
      <ActionError error={create.error} testId={`${testId}-error`} purpose="Unlock the vault to create an account." />
    </div>
  );
}
