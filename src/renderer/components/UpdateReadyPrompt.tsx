/**
 * The status bar's non-modal "update ready" prompt: the version and one button, shown only once
 * an update has been downloaded (and while it installs). It never installs by itself.
 */
import { selectReadyVersion, useUpdateStore } from '../stores/updateStore';
import { UpdateInstallFlow } from './UpdateInstallFlow';

export function UpdateReadyPrompt() {
  const version = useUpdateStore(selectReadyVersion);
  const installing = useUpdateStore((s) => (s.update?.status.phase === 'installing' ? s.update.status.version : null));
  if (installing) {
    return (
      <span className="status-item update-prompt" data-testid="update-prompt" role="status">
        Installing {installing}…
      </span>
    );
  }
  if (!version) return null;
  return (
    <span className="status-item update-prompt" data-testid="update-prompt" role="status">
      <span>Update {version} ready</span>
      <UpdateInstallFlow testId="update-prompt-install" compact />
    </span>
  );
}
