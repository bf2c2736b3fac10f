/** The create/unlock dialog over any view; it closes itself once the vault is open. */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useVaultPromptStore } from '../../stores/vaultPromptStore';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';
import { Dialog } from '../Dialog';
import { VaultGate } from './VaultGate';

export function VaultPromptDialog() {
  const { open, purpose, close } = useVaultPromptStore(useShallow((s) => ({ open: s.open, purpose: s.purpose, close: s.close })));
  const status = useVaultStore(selectLockStatus);
  useEffect(() => {
    if (open && status === 'unlocked') close();
  }, [open, status, close]);
  if (!open || status === 'unlocked') return null;
  return (
    <Dialog title={status === 'none' ? 'Create your vault' : 'Unlock your vault'} onClose={close} testId="vault-dialog">
      <VaultGate purpose={purpose} inDialog />
    </Dialog>
  );
}
