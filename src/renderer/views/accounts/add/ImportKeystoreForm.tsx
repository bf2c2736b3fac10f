/**
 * Import an Ethereum keystore v3 file with its password. Main decrypts it and stores the key in
 * the vault; the keystore password is emptied right after submit.
 */
import { useState } from 'react';
import type { AccountsState } from '../../../../shared/custodyViews';
import { api } from '../../../bridge/api';
import { Field } from '../../../components/Field';
import { SecretInput } from '../../../components/SecretInput';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { AddAccountForm } from './AddAccountForm';
import { KeystoreDropZone } from './KeystoreDropZone';
import type { KeystoreFile } from './keystoreFile';
import { useWalletFields } from './useWalletFields';

export function ImportKeystoreForm({ onAdded }: { onAdded: (state: AccountsState) => void }) {
  const fields = useWalletFields();
  const [file, setFile] = useState<KeystoreFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const importKeystore = useBridgeAction(api.importKeystoreAccount);

  const submit = async () => {
    setAttempted(true);
    if (!file) {
      setFileProblem('Choose the keystore file first.');
      return;
    }
    if (fields.problems.label || fields.problems.funder) return;
    const typed = password;
    setPassword('');
    const result = await importKeystore.run({ ...fields.toInput(), keystoreJson: file.text, keystorePassword: typed });
    if (result?.ok) onAdded(result.value);
  };

  return (
    <AddAccountForm
      testId="add-keystore-form"
      intro="Import the keystore v3 JSON another wallet exported. Its password decrypts it once, in Marketdesk’s main process; the key then lives in your vault."
      fields={fields}
      showProblems={attempted}
      submitLabel="Import keystore"
      pending={importKeystore.pending}
      error={importKeystore.error}
      onSubmit={() => void submit()}
    >
      <KeystoreDropZone
        file={file}
        problem={fileProblem}
        onFile={(chosen, problem) => {
          setFile(chosen);
          setFileProblem(problem);
        }}
      />
      <Field label="Keystore password" help="The password the keystore file was saved with (not your vault password).">
        {({ id, describedBy }) => (
          <SecretInput
            id={id}
            aria-describedby={describedBy}
            value={password}
            onValueChange={setPassword}
            autoComplete="off"
            maxLength={1024}
            testId="keystore-password"
          />
        )}
      </Field>
    </AddAccountForm>
  );
}
