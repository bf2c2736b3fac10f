/**
 * The top strip: app name, the current view, the network (its badge opens the switcher), the active account and the
 * vault's lock state. It doubles as the window drag area in Electron; its controls opt out.
 */
import { selectView, useNavigationStore } from '../stores/navigationStore';
import { VIEWS } from '../views/viewRegistry';
import { AccountSwitcher } from './titlebar/AccountSwitcher';
import { NetworkSwitcher } from './network/NetworkSwitcher';
import { VaultLockButton } from './titlebar/VaultLockButton';

export function TitleBar() {
  const view = useNavigationStore(selectView);
  return (
    <header className="titlebar">
      <span className="brand">
        <span className="brand-mark" aria-hidden="true" />
        Marketdesk
      </span>
      <span className="titlebar-sep" aria-hidden="true">/</span>
      <h1 className="titlebar-view">{VIEWS[view].label}</h1>
      <span className="titlebar-spacer" />
      <NetworkSwitcher />
      <AccountSwitcher />
      <VaultLockButton />
    </header>
  );
}
