/**
 * Export the key as keystore v3 JSON: the vault password proves it is you, a new keystore
 * password (typed twice) encrypts the file. The JSON goes straight into a download; it is never
 * kept in this window's state. All three password fields are emptied on submit.
 */
import { useState } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { SecretInput } from '../../components/SecretInput';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { downloadText } from '../../lib/downloadText';
import { MIN_PASSWORD_LENGTH } from '../../lib/passwordStrength';
import { DialogOutcome } from '../../components/DialogOutcome';

export function ExportKeystoreDialog({ account, onClose }: { account: AccountView; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [keystorePassword, setKeystorePassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const exportKeystore = useBridgeAction(api.exportAccountKeystore);

  const problems = {
    password: password.length === 0 ? 'Enter the vault password.' : null,
    keystorePassword:
      keystorePassword.length < MIN_PASSWORD_LENGTH ? `The keystore password needs at least ${MIN_PASSWORD_LENGTH} characters.` : null,
    confirmation: confirmation !== keystorePassword ? 'The two keystore passwords do not match.' : null,
  };

  const submit = async () => {
    setAttempted(true);
    if (problems.password || problems.keystorePassword || problems.confirmation) return;
    const input = { accountId: account.id, password, keystorePassword };
    setPassword('');
    setKeystorePassword('');
    setConfirmation('');
    setAttempted(false);
    const result = await exportKeystore.run(input);
    if (result?.ok) {
      downloadText(result.value.fileName, result.value.keystoreJson);
      setSavedAs(result.value.fileName);
    }
  };

  return (
    <Dialog title={`Export “${account.label}” as keystore`} onClose={onClose} busy={exportKeystore.pending} testId="export-keystore-dialog">
      {savedAs ? (
        <DialogOutcome testId="export-keystore-done" onClose={onClose}>
          Saved <strong className="num">{savedAs}</strong> to your downloads. Keep it with its keystore password: together they are the key.
        </DialogOutcome>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="form-intro">
            The file is a standard Ethereum keystore (v3) that other wallets can import. Anyone with the file and its password controls the
            account.
          </p>
          <Field label="Vault password" error={attempted ? problems.password : null}>
            {({ id, describedBy, invalid }) => (
              <SecretInput id={id} aria-describedby={describedBy} invalid={invalid} value={password} onValueChange={setPassword} autoComplete="current-password" maxLength={1024} testId="export-vault-password" autoFocusInDialog />
            )}
          </Field>
          <Field label="New keystore password" error={attempted ? problems.keystorePassword : null}>
            {({ id, describedBy, invalid }) => (
              <SecretInput id={id} aria-describedby={describedBy} invalid={invalid} value={keystorePassword} onValueChange={setKeystorePassword} autoComplete="new-password" maxLength={1024} testId="export-keystore-password" />
            )}
          </Field>
          <Field label="Confirm keystore password" error={attempted || confirmation.length >= keystorePassword.length && confirmation.length > 0 ? problems.confirmation : null}>
            {({ id, describedBy, invalid }) => (
              <SecretInput id={id} aria-describedby={describedBy} invalid={invalid} value={confirmation} onValueChange={setConfirmation} autoComplete="new-password" maxLength={1024} testId="export-keystore-confirm" />
            )}
          </Field>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={exportKeystore.pending} data-testid="export-keystore-submit">
              {exportKeystore.pending ? 'Encrypting…' : 'Export keystore'}
            </button>
            <button type="button" className="button" onClick={onClose} disabled={exportKeystore.pending}>
              Cancel
            </button>
          </div>
          <ActionError error={exportKeystore.error} testId="export-keystore-error" />
        </form>
      )}
    </Dialog>
  );
}
