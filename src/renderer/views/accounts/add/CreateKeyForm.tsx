/** A new random key, generated and kept in the vault; only its address comes back. */
import { useState } from 'react';
import type { AccountsState } from '../../../../shared/custodyViews';
import { api } from '../../../bridge/api';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { AddAccountForm } from './AddAccountForm';
import { useWalletFields } from './useWalletFields';

export function CreateKeyForm({ onAdded }: { onAdded: (state: AccountsState) => void }) {
  const fields = useWalletFields();
  const [attempted, setAttempted] = useState(false);
  const create = useBridgeAction(api.createAccount);
  const submit = async () => {
    setAttempted(true);
    if (fields.problems.label || fields.problems.funder) return;
    const result = await create.run(fields.toInput());
    if (result?.ok) onAdded(result.value);
  };
  return (
    <AddAccountForm
      testId="add-create-form"
      intro="Marketdesk generates a new private key inside the vault. Back it up afterwards with Export keystore: the vault is its only copy."
      fields={fields}
      showProblems={attempted}
      submitLabel="Create account"
      pending={create.pending}
      error={create.error}
      onSubmit={() => void submit()}
    />
  );
}
