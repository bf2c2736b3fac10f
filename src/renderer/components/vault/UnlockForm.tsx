/**
 * Unlock with the password (emptied as soon as it is submitted) or, when remembered, with this
 * device. After failed attempts main makes us wait; the wait counts down here and both buttons
 * stay disabled until it is over.
 */
import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { api } from '../../bridge/api';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { useNow } from '../../hooks/useNow';
import { describeLockReason, useVaultStore } from '../../stores/vaultStore';
import { ActionError } from '../ActionError';
import { Field } from '../Field';
import { LockGlyph } from '../LockGlyph';
import { SecretInput } from '../SecretInput';
import { formatDuration } from '../../lib/format';

export function UnlockForm({ purpose, inDialog = false }: { purpose?: string | null; inDialog?: boolean }) {
  const { vault, retryAt } = useVaultStore(useShallow((s) => ({ vault: s.vault, retryAt: s.retryAt })));
  const [password, setPassword] = useState('');
  const unlock = useBridgeAction(api.unlockVault);
  const unlockWithDevice = useBridgeAction(api.unlockVaultWithDevice);
  const now = useNow(250, retryAt > Date.now());
  const waitSeconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  const waiting = waitSeconds > 0;
  const pending = unlock.pending || unlockWithDevice.pending;

  const afterAttempt = (result: Awaited<ReturnType<typeof unlock.run>>) => {
    if (!result) return;
    if (result.ok) useVaultStore.getState().receive(result.value);
    // A refusal moves the throttle; ask for the new wait instead of guessing it.
    else void useVaultStore.getState().load();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0 || waiting) return;
    const typed = password;
    setPassword('');
    unlockWithDevice.clearError();
    afterAttempt(await unlock.run({ password: typed }));
  };

  const unlockWithThisDevice = async () => {
    unlock.clearError();
    afterAttempt(await unlockWithDevice.run({}));
  };

  const reason = describeLockReason(vault);
  return (
    <form className="vault-card" onSubmit={(event) => void submit(event)} data-testid="unlock-form" noValidate>
      {inDialog ? null : (
        <h2 className="vault-card-title">
          <LockGlyph /> Unlock your vault
        </h2>
      )}
      <p className="vault-card-lead">
        {purpose ?? 'Signing, credentials and account changes need the vault. Market data works while it is locked.'}
        {reason ? <span className="muted"> {reason}</span> : null}
      </p>
      <Field label="Vault password">
        {({ id, describedBy }) => (
          <SecretInput
            id={id}
            aria-describedby={describedBy}
            value={password}
            onValueChange={setPassword}
            autoComplete="current-password"
            maxLength={1024}
            testId="unlock-password"
            autoFocusInDialog={inDialog}
          />
        )}
      </Field>
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={pending || waiting || password.length === 0}
          data-testid="unlock-submit"
        >
          {unlock.pending ? 'Unlocking…' : 'Unlock'}
        </button>
        {vault?.deviceUnlock.enabled ? (
          <button type="button" className="button" onClick={() => void unlockWithThisDevice()} disabled={pending || waiting} data-testid="unlock-device">
            {unlockWithDevice.pending ? 'Unlocking…' : 'Unlock with this device'}
          </button>
        ) : null}
        {waiting ? (
          <span className="throttle-wait" role="status" data-testid="unlock-wait">
            Try again in {formatDuration(waitSeconds * 1000)}
          </span>
        ) : null}
      </div>
      <ActionError error={unlock.error ?? unlockWithDevice.error} testId="unlock-error" />
      {vault?.deviceUnlock.notice ? (
        <p className="vault-card-notice muted" title={vault.deviceUnlock.notice} data-testid="unlock-device-notice">
          {vault.deviceUnlock.notice}
        </p>
      ) : null}
      <p className="vault-card-foot muted">Forgotten passwords cannot be recovered; keys you exported can be imported into a new vault.</p>
    </form>
  );
}
