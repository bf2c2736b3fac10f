/** An address without a key: positions and history work, trading is refused with the reason. */
import { useState } from 'react';
import type { AccountsState } from '../../../../shared/custodyViews';
import { api } from '../../../bridge/api';
import { Field } from '../../../components/Field';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { isAddress } from '../../../lib/address';
import { AddAccountForm } from './AddAccountForm';
import { useWalletFields } from './useWalletFields';

export function WatchOnlyForm({ onAdded }: { onAdded: (state: AccountsState) => void }) {
  const fields = useWalletFields();
  const [address, setAddress] = useState('');
  const [attempted, setAttempted] = useState(false);
  const add = useBridgeAction(api.addWatchOnlyAccount);
  const addressProblem = isAddress(address) ? null : 'An address is 0x followed by 40 hex digits.';

  const submit = async () => {
    setAttempted(true);
    if (addressProblem || fields.problems.label || fields.problems.funder) return;
    const result = await add.run({ ...fields.toInput(), address: address.trim() });
    if (result?.ok) onAdded(result.value);
  };

  return (
    <AddAccountForm
      testId="add-watch-form"
      watchOnly
      intro="A watch-only account follows an address without its key: no key is stored, so it shows balances, positions and history, and it cannot sign, trade or transfer."
      fields={fields}
      showProblems={attempted}
      submitLabel="Add watch-only"
      pending={add.pending}
      error={add.error}
      onSubmit={() => void submit()}
    >
      <Field label="Address" error={attempted ? addressProblem : null}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className="input num"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="0x…"
            maxLength={42}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            data-testid="watch-address-input"
          />
        )}
      </Field>
    </AddAccountForm>
  );
}
