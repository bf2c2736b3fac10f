/**
 * The accounts in their switcher order (Ctrl/Cmd+N picks the Nth). Reordering — by the arrows or
 * by dragging — is sent to main and shown only once main has it, so the list never shows an
 * order that was not saved.
 */
import { useState, type DragEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AccountView } from '../../../shared/custodyViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { useAccountsStore } from '../../stores/accountsStore';
import { AccountRow } from './AccountRow';
import { moveId } from './reorder';

export function AccountList({ onRemove }: { onRemove: (account: AccountView) => void }) {
  const { accounts, activeAccountId, switchingTo, switchTo } = useAccountsStore(
    useShallow((s) => ({ accounts: s.accounts, activeAccountId: s.activeAccountId, switchingTo: s.switchingTo, switchTo: s.switchTo })),
  );
  const reorder = useBridgeAction(api.reorderAccounts);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);

  const move = async (from: number, to: number) => {
    const ids = moveId(
      accounts.map((a) => a.id),
      from,
      to,
    );
    if (from === to) return;
    const result = await reorder.run({ accountIds: ids });
    if (result?.ok) useAccountsStore.getState().receive(result.value);
  };

  const dragFor = (index: number) => ({
    dropTarget: dropAt === index && dragFrom !== null && dragFrom !== index,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
      setDragFrom(index);
    },
    onDragOver: (event: DragEvent) => {
      if (dragFrom === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropAt(index);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const from = dragFrom;
      setDragFrom(null);
      setDropAt(null);
      if (from !== null) void move(from, index);
    },
    onDragEnd: () => {
      setDragFrom(null);
      setDropAt(null);
    },
  });

  return (
    <>
      <ol className="account-list" data-testid="account-list" aria-busy={reorder.pending}>
        {accounts.map((account, index) => (
          <AccountRow
            key={account.id}
            account={account}
            index={index}
            count={accounts.length}
            active={account.id === activeAccountId}
            switching={switchingTo === account.id}
            reordering={reorder.pending}
            onSelect={() => void switchTo(account.id)}
            onMove={(to) => void move(index, to)}
            onRemove={() => onRemove(account)}
            drag={dragFor(index)}
          />
        ))}
      </ol>
      <ActionError error={reorder.error} testId="account-reorder-error" />
    </>
  );
}
