/** Settings: vault security first (what users come here for), then the network and, on the Sandbox, its controls. */
import { NetworkSection } from './NetworkSection';
import { SandboxControlsSection } from './SandboxControlsSection';
import { SecuritySection } from './SecuritySection';

export function SettingsView() {
  return (
    <section className="view settings" data-testid="view-settings" aria-label="Settings">
      <div className="settings-column">
        <SecuritySection />
        <NetworkSection />
        <SandboxControlsSection />
      </div>
    </section>
  );
}
