/**
 * Settings → Networks: the built-in Sandbox and the user's network profiles (the active one
 * marked), a form to add or edit one with its connection test, and profile files to export and
 * import. Switching networks is the title bar's job.
 */
import { useState } from 'react';
import type { NetworkProfile } from '../../../../shared/networkProfiles';
import { InlineError } from '../../../components/InlineError';
import { NetworkList } from './NetworkList';
import { ProfileForm } from './ProfileForm';
import { ProfilesTransfer } from './ProfilesTransfer';
import { useNetworkProfiles } from './useNetworkProfiles';

type Editing = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; profile: NetworkProfile };

export function NetworksSection() {
  const { view, error, reload, receive } = useNetworkProfiles();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const activeLabel = view ? (view.profiles.find((p) => p.id === view.activeId)?.label ?? view.sandbox.label) : null;

  return (
    <section className="panel settings-section" data-testid="settings-network" aria-labelledby="settings-network-title">
      <header className="panel-header">
        <h2 className="panel-title" id="settings-network-title">
          Networks
        </h2>
        <span className="panel-meta">
          Active: <span className="network-value" data-testid="settings-network-label">{activeLabel ?? '—'}</span>
        </span>
      </header>
      <p className="setting-help networks-intro">
        Each network is one deployment of the services: the built-in Sandbox, or a profile you add for production, staging or a colleague’s test deployment. Profiles hold no secrets; credentials stay in the vault.
      </p>
      {error ? <InlineError what="Could not load the network profiles" error={error} onRetry={reload} /> : null}
      {view ? (
        <>
          <NetworkList view={view} onEdit={(profile) => setEditing({ kind: 'edit', profile })} onChanged={receive} />
          {editing.kind === 'closed' ? (
            <div className="form-actions networks-actions">
              <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'add' })} data-testid="network-add">
                Add network…
              </button>
            </div>
          ) : (
            <ProfileForm
              key={editing.kind === 'edit' ? editing.profile.id : 'new'}
              editing={editing.kind === 'edit' ? editing.profile : null}
              takenIds={new Set(view.profiles.map((p) => p.id))}
              onSaved={(next) => {
                receive(next);
                setEditing({ kind: 'closed' });
              }}
              onCancel={() => setEditing({ kind: 'closed' })}
            />
          )}
          <ProfilesTransfer view={view} onChanged={receive} />
        </>
      ) : null}
    </section>
  );
}
