/**
 * The networks Marketdesk knows: the built-in Sandbox first, then the user's profiles in the
 * order they were added, the active one marked. Profiles other than the active one can be
 * edited and deleted; the title bar's network menu switches between them.
 */
import type { NetworkProfile, NetworkProfilesView } from '../../../../shared/networkProfiles';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useBridgeAction } from '../../../hooks/useBridgeAction';

interface NetworkListProps {
  view: NetworkProfilesView;
  onEdit: (profile: NetworkProfile) => void;
  onChanged: (view: NetworkProfilesView) => void;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export function NetworkList({ view, onEdit, onChanged }: NetworkListProps) {
  const remove = useBridgeAction(api.deleteNetworkProfile);
  return (
    <>
      <ul className="network-list" data-testid="network-list">
        <li className="network-item" data-testid="network-item-sandbox" data-active={view.activeId === view.sandbox.id}>
          <div className="network-item-text">
            <span className="network-item-name">
              {view.sandbox.label}
              <span className="badge">built in</span>
              {view.activeId === view.sandbox.id ? <ActiveBadge /> : null}
            </span>
            <span className="network-item-meta">The embedded exchange on this computer: a living market, paper money only.</span>
          </div>
        </li>
        {view.profiles.map((profile) => {
          const active = profile.id === view.activeId;
          return (
            <li key={profile.id} className="network-item" data-testid={`network-item-${profile.id}`} data-active={active}>
              <div className="network-item-text">
                <span className="network-item-name">
                  {profile.label}
                  {active ? <ActiveBadge /> : null}
                </span>
                <span className="network-item-meta">
                  Order book {hostOf(profile.urls.clob)} · chain {profile.chainId}
                  {profile.perpsDomain ? '' : ' · no perps signing domain pinned'}
                </span>
              </div>
              <div className="network-item-actions">
                <button type="button" className="button button-small" disabled={active} title={active ? 'Switch to another network to edit this one.' : undefined} onClick={() => onEdit(profile)} data-testid={`network-edit-${profile.id}`}>
                  Edit
                </button>
                <ConfirmButton
                  label="Delete"
                  question={`Delete ${profile.label}?`}
                  confirmLabel="Delete"
                  disabled={active}
                  pending={remove.pending}
                  onConfirm={() => void remove.run({ id: profile.id }).then((result) => result?.ok && onChanged(result.value))}
                  testId={`network-delete-${profile.id}`}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <ActionError error={remove.error} testId="network-delete-error" />
    </>
  );
}

function ActiveBadge() {
  return (
    <span className="badge badge-active" data-testid="network-active-badge">
      active
    </span>
  );
}
