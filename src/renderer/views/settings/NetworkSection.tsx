/** The network Marketdesk talks to. Read-only until network switching arrives. */
import { useAppStatusStore } from '../../stores/appStatusStore';

export function NetworkSection() {
  const network = useAppStatusStore((s) => s.status?.network ?? null);
  return (
    <section className="panel settings-section" data-testid="settings-network" aria-labelledby="settings-network-title">
      <header className="panel-header">
        <h2 className="panel-title" id="settings-network-title">
          Network
        </h2>
      </header>
      <div className="setting-row">
        <div className="setting-text">
          <span className="setting-name">Active network</span>
          <p className="setting-help">
            {network?.isSandbox
              ? 'The embedded sandbox exchange: a living market on this computer, paper money only.'
              : 'The services Marketdesk sends requests and signed orders to.'}
          </p>
        </div>
        <div className="setting-control">
          <span className="network-value" data-testid="settings-network-label">
            {network?.label ?? '—'}
          </span>
        </div>
      </div>
    </section>
  );
}
