/** Settings: display preferences, vault security, then the network and, on the Sandbox, its controls. */
import { DisplaySection } from './DisplaySection';
import { NetworkSection } from './NetworkSection';
import { SandboxControlsSection } from './SandboxControlsSection';
import { SecuritySection } from './SecuritySection';

export function SettingsView() {
  return (
    <section className="view settings" data-testid="view-settings" aria-label="Settings">
      <div className="settings-column">
        <DisplaySection />
        <SecuritySection />
        <NetworkSection />
        <SandboxControlsSection />
      </div>
    </section>
  );
}
