/**
 * Import a raw private key. The hex is checked for shape here (so a typo is caught at once) and
 * handed to main; the field is emptied right after submit, whatever the answer.
 */
import { useState } from 'react';
import type { AccountsState } from '../../../../shared/custodyViews';
import { api } from '../../../bridge/api';
import { Field } from '../../../components/Field';
import { SecretInput } from '../../../components/SecretInput';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { AddAccountForm } from './AddAccountForm';
import { useWalletFields } from './useWalletFields';

const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

export function ImportKeyForm({ onAdded }: { onAdded: (state: AccountsState) => void }) {
  const fields = useWalletFields();
  const [privateKey, setPrivateKey] = useState('');
  const [attempted, setAttempted] = useState(false);
  const importKey = useBridgeAction(api.importPrivateKeyAccount);
  const keyProblem =
    privateKey.trim() === '' ? 'Paste the private key.' : PRIVATE_KEY.test(privateKey.trim()) ? null : 'A private key is 64 hex digits (0x optional).';

  const submit = async () => {
    setAttempted(true);
    if (keyProblem || fields.problems.label || fields.problems.funder) return;
    const key = privateKey.trim();
    setPrivateKey('');
    setAttempted(false);
    const result = await importKey.run({ ...fields.toInput(), privateKey: key });
    if (result?.ok) onAdded(result.value);
  };

  return (
    <AddAccountForm
      testId="add-import-key-form"
      intro="Paste a private key in hex. It goes straight into the encrypted vault; this window never shows it again."
      fields={fields}
      showProblems={attempted}
      submitLabel="Import key"
      pending={importKey.pending}
      error={importKey.error}
      onSubmit={() => void submit()}
    >
      <Field label="Private key (hex)" error={attempted ? keyProblem : null}>
        {({ id, describedBy, invalid }) => (
          <SecretInput
            id={id}
            aria-describedby={describedBy}
            invalid={invalid}
            value={privateKey}
            onValueChange={setPrivateKey}
            autoComplete="off"
            maxLength={200}
            className="num"
            testId="import-private-key"
          />
        )}
      </Field>
    </AddAccountForm>
  );
}
