/** Settings: display preferences, vault security, the networks and, on the Sandbox, its controls; then updates. */
import { DisplaySection } from './DisplaySection';
import { NetworksSection } from './networks/NetworksSection';
import { SandboxControlsSection } from './SandboxControlsSection';
import { SecuritySection } from './SecuritySection';
import { UpdatesSection } from './UpdatesSection';

export function SettingsView() {
  return (
    <section className="view settings" data-testid="view-settings" aria-label="Settings">
      <div className="settings-column">
        <DisplaySection />
        <SecuritySection />
        <NetworksSection />
        <SandboxControlsSection />
        <UpdatesSection />
      </div>
    </section>
  );
}
