/** "Add account": four ways in, as tabs — a new key, a private key, a keystore file, an address. */
import { useId, useState, type KeyboardEvent } from 'react';
import type { AccountsState } from '../../../../shared/custodyViews';
import { useAccountsStore } from '../../../stores/accountsStore';
import { CreateKeyForm } from './CreateKeyForm';
import { ImportKeyForm } from './ImportKeyForm';
import { ImportKeystoreForm } from './ImportKeystoreForm';
import { WatchOnlyForm } from './WatchOnlyForm';

const TABS = [
  { id: 'create', label: 'Create new key', Form: CreateKeyForm },
  { id: 'private-key', label: 'Import private key', Form: ImportKeyForm },
  { id: 'keystore', label: 'Import keystore file', Form: ImportKeystoreForm },
  { id: 'watch', label: 'Watch-only address', Form: WatchOnlyForm },
] as const;

type TabId = (typeof TABS)[number]['id'];

export function AddAccountPanel({ onDone, canCancel }: { onDone: () => void; canCancel: boolean }) {
  const [tab, setTab] = useState<TabId>('create');
  const baseId = useId();
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  const onAdded = (state: AccountsState) => {
    useAccountsStore.getState().receive(state);
    onDone();
  };
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : null;
    if (next === null) return;
    const target = TABS[(next + TABS.length) % TABS.length];
    if (!target) return;
    event.preventDefault();
    setTab(target.id);
    document.getElementById(`${baseId}-${target.id}`)?.focus();
  };
  return (
    <section className="panel add-account" data-testid="add-account-panel" aria-labelledby={`${baseId}-title`}>
      <header className="panel-header">
        <h2 className="panel-title" id={`${baseId}-title`}>
          Add account
        </h2>
        {canCancel ? (
          <button type="button" className="button" onClick={onDone} data-testid="add-account-cancel">
            Cancel
          </button>
        ) : null}
      </header>
      <div className="tabs" role="tablist" aria-label="How to add the account">
        {TABS.map((t, index) => (
          <button
            key={t.id}
            id={`${baseId}-${t.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={t.id === tab}
            aria-controls={`${baseId}-panel`}
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(event) => onTabKey(event, index)}
            data-testid={`add-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${current.id}`} className="tab-panel">
        <current.Form key={current.id} onAdded={onAdded} />
      </div>
    </section>
  );
}
