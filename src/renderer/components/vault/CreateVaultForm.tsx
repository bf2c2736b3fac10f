/**
 * First run: choose the vault password. It says what the password protects and that nobody can
 * recover it; the meter is computed here and never leaves the window. Both fields are emptied the
 * moment the form is submitted, whatever the answer.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../../bridge/api';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { estimatePasswordStrength, MIN_PASSWORD_LENGTH } from '../../lib/passwordStrength';
import { useVaultStore } from '../../stores/vaultStore';
import { ActionError } from '../ActionError';
import { Field } from '../Field';
import { SecretInput } from '../SecretInput';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

function problemWith(password: string, confirmation: string): { password: string | null; confirmation: string | null } {
  const strength = estimatePasswordStrength(password);
  return {
    password:
      password.length < MIN_PASSWORD_LENGTH
        ? `Use at least ${MIN_PASSWORD_LENGTH} characters.`
        : strength.score === 0
          ? 'This password is too easy to guess; see the advice above.'
          : null,
    confirmation: confirmation !== password ? 'The two passwords do not match.' : null,
  };
}

export function CreateVaultForm({ inDialog = false }: { inDialog?: boolean }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [attempted, setAttempted] = useState(false);
  const create = useBridgeAction(api.createVault);
  const strength = estimatePasswordStrength(password);
  const problems = problemWith(password, confirmation);
  const showConfirmationProblem = (attempted || confirmation.length >= password.length) && confirmation.length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (problems.password || problems.confirmation) return;
    const chosen = password;
    setPassword('');
    setConfirmation('');
    setAttempted(false);
    const result = await create.run({ password: chosen });
    if (result?.ok) useVaultStore.getState().receive(result.value);
  };

  return (
    <form className="vault-card" onSubmit={(event) => void submit(event)} data-testid="create-vault-form" noValidate>
      {inDialog ? null : <h2 className="vault-card-title">Create your vault</h2>}
      <p className="vault-card-lead">
        The vault keeps your private keys, order-book API credentials and perps proxy keys encrypted on this computer. This
        password unlocks it; Marketdesk never stores it.
      </p>
      <p className="vault-card-warning" data-testid="create-vault-warning">
        <strong>It cannot be recovered.</strong> If you forget it, the keys in the vault are lost — keep a backup of every
        key (Accounts → Export keystore).
      </p>
      <Field
        label="Vault password"
        help={<PasswordStrengthMeter strength={strength} empty={password.length === 0} />}
        error={attempted ? problems.password : null}
        errorTestId="create-vault-password-error"
      >
        {({ id, describedBy, invalid }) => (
          <SecretInput
            id={id}
            aria-describedby={describedBy}
            invalid={invalid}
            value={password}
            onValueChange={setPassword}
            autoComplete="new-password"
            maxLength={1024}
            testId="create-vault-password"
            autoFocusInDialog={inDialog}
          />
        )}
      </Field>
      <Field
        label="Confirm password"
        error={showConfirmationProblem || (attempted && confirmation.length === 0) ? problems.confirmation : null}
        errorTestId="create-vault-confirm-error"
      >
        {({ id, describedBy, invalid }) => (
          <SecretInput
            id={id}
            aria-describedby={describedBy}
            invalid={invalid}
            value={confirmation}
            onValueChange={setConfirmation}
            autoComplete="new-password"
            maxLength={1024}
            testId="create-vault-confirm"
          />
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.pending} data-testid="create-vault-submit">
          {create.pending ? 'Creating vault…' : 'Create vault'}
        </button>
      </div>
      <ActionError error={create.error} testId="create-vault-error" />
    </form>
  );
}
