/**
 * What stands between the user and an action that needs the vault: the create form when there is
 * no vault, the unlock form when it is locked, nothing when it is open.
 */
import { useShallow } from 'zustand/react/shallow';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';
import { InlineError } from '../InlineError';
import { CreateVaultForm } from './CreateVaultForm';
import { UnlockForm } from './UnlockForm';

export function VaultGate({ purpose, inDialog = false }: { purpose?: string | null; inDialog?: boolean }) {
  const { status, loadError, load } = useVaultStore(
    useShallow((s) => ({ status: selectLockStatus(s), loadError: s.loadError, load: s.load })),
  );
  if (status === 'unknown') {
    return loadError ? (
      <InlineError what="Could not read the vault state" error={loadError} onRetry={() => void load()} />
    ) : (
      <p className="pane-note">Checking the vault…</p>
    );
  }
  if (status === 'none') return <CreateVaultForm inDialog={inDialog} />;
  if (status === 'locked') return <UnlockForm purpose={purpose} inDialog={inDialog} />;
  return null;
}
