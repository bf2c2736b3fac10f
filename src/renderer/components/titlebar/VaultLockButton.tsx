/**
 * The vault's state in the title bar, and the one-click way to change it: "Locked" opens the
 * unlock dialog, "Lock now" locks, and before the first run "Create vault" opens the create form.
 */
import { api } from '../../bridge/api';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { showVaultPrompt } from '../../stores/vaultPromptStore';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';
import { LockGlyph } from '../LockGlyph';
import { errorText } from '../../lib/errorText';

export function VaultLockButton() {
  const status = useVaultStore(selectLockStatus);
  const lock = useBridgeAction(api.lockVault);
  if (status === 'unknown') return null;

  if (status === 'unlocked') {
    return (
      <span className="titlebar-control">
        <button
          type="button"
          className="titlebar-button"
          data-state="unlocked"
          data-testid="titlebar-lock"
          title="The vault is unlocked. Lock it now (also locks itself after the idle time set in Settings)."
          disabled={lock.pending}
          onClick={() =>
            void lock.run({}).then((result) => {
              if (result?.ok) useVaultStore.getState().receive(result.value);
            })
          }
        >
          <LockGlyph open />
          {lock.pending ? 'Locking…' : 'Lock now'}
        </button>
        {lock.error ? (
          <span className="titlebar-error" role="alert" data-testid="titlebar-lock-error">
            {errorText(lock.error)}
          </span>
        ) : null}
      </span>
    );
  }
  const locked = status === 'locked';
  return (
    <button
      type="button"
      className="titlebar-button"
      data-state={locked ? 'locked' : 'none'}
      data-testid="titlebar-lock"
      title={locked ? 'The vault is locked: market data works, signing does not. Click to unlock.' : 'No vault yet. Click to create one.'}
      onClick={() => showVaultPrompt()}
    >
      <LockGlyph />
      {locked ? 'Locked' : 'Create vault'}
    </button>
  );
}
