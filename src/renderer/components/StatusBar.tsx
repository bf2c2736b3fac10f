/** The bottom strip: network, connection, services in trouble, the data folder and rate-budget use — what a trader glances at. */
import { selectNetworkLabel, selectVersion, useAppStatusStore } from '../stores/appStatusStore';
import { BudgetMeter } from './BudgetMeter';
import { ConnectionIndicator } from './ConnectionIndicator';
import { OutageIndicator } from './OutageIndicator';
import { StorageIndicator } from './StorageIndicator';
import { UpdateReadyPrompt } from './UpdateReadyPrompt';

export function StatusBar() {
  const network = useAppStatusStore(selectNetworkLabel);
  const version = useAppStatusStore(selectVersion);
  return (
    <footer className="statusbar" aria-label="Status">
      <span className="status-item network" data-testid="status-network" title="Active network">
        {network ?? '—'}
      </span>
      <ConnectionIndicator />
      <OutageIndicator />
      <StorageIndicator />
      <span className="statusbar-spacer" />
      <UpdateReadyPrompt />
      <BudgetMeter />
      {version ? <span className="status-item muted">v{version}</span> : null}
    </footer>
  );
}
