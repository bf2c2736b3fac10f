/** Settings: vault security first (what users come here for), then the network. */
import { NetworkSection } from './NetworkSection';
import { SecuritySection } from './SecuritySection';

export function SettingsView() {
  return (
    <section className="view settings" data-testid="view-settings" aria-label="Settings">
      <div className="settings-column">
        <SecuritySection />
        <NetworkSection />
      </div>
    </section>
  );
}
