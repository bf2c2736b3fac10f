/**
 * One account in the list: pick it (it becomes the active account everywhere), rename it inline,
 * move it up or down (or drag it), remove it.
 */
import { useState, type DragEvent } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import { AccountBadges } from '../../components/AccountBadges';
import { shortAddress } from '../../lib/address';
import { AccountRenameForm } from './AccountRenameForm';

interface AccountRowProps {
  account: AccountView;
  index: number;
  count: number;
  active: boolean;
  switching: boolean;
  reordering: boolean;
  onSelect: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  drag: {
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
    dropTarget: boolean;
  };
}

export function AccountRow(props: AccountRowProps) {
  const { account, index, count, active, switching, reordering, onSelect, onMove, onRemove, drag } = props;
  const [renaming, setRenaming] = useState(false);
  return (
    <li
      className="account-row"
      data-testid="account-row"
      data-account-id={account.id}
      data-active={active || undefined}
      data-drop-target={drag.dropTarget || undefined}
      draggable={!renaming && !reordering}
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
    >
      <span className="drag-handle" aria-hidden="true" title="Drag to reorder">
        ⋮⋮
      </span>
      {renaming ? (
        <AccountRenameForm account={account} onDone={() => setRenaming(false)} />
      ) : (
        <button
          type="button"
          className="account-row-select"
          aria-pressed={active}
          onClick={onSelect}
          title={active ? 'The active account' : `Switch to ${account.label}`}
          data-testid="account-row-select"
        >
          <span className="account-row-index num" aria-hidden="true">
            {index + 1}
          </span>
          <span className="account-row-main">
            <span className="account-row-label" data-testid="account-row-label">
              {account.label}
            </span>
            <span className="account-row-sub">
              <span className="account-row-address num" title={account.address}>
                {switching ? 'switching…' : shortAddress(account.address)}
              </span>
              <AccountBadges account={account} />
            </span>
          </span>
        </button>
      )}
      {renaming ? null : (
        <span className="account-row-tools">
          <button
            type="button"
            className="icon-button"
            aria-label={`Move ${account.label} up`}
            title="Move up"
            disabled={index === 0 || reordering}
            onClick={() => onMove(index - 1)}
            data-testid="account-move-up"
          >
            ↑
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Move ${account.label} down`}
            title="Move down"
            disabled={index === count - 1 || reordering}
            onClick={() => onMove(index + 1)}
            data-testid="account-move-down"
          >
            ↓
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Rename ${account.label}`}
            title="Rename"
            onClick={() => setRenaming(true)}
            data-testid="account-rename"
          >
            ✎
          </button>
          <button
            type="button"
            className="icon-button icon-button-danger"
            aria-label={`Remove ${account.label}…`}
            title="Remove…"
            onClick={onRemove}
            data-testid="account-remove"
          >
            ✕
          </button>
        </span>
      )}
    </li>
  );
}
