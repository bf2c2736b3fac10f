/** The top strip: app name and the current view. It doubles as the window drag area in Electron. */
import { selectNetworkLabel, useAppStatusStore } from '../stores/appStatusStore';
import { selectView, useNavigationStore } from '../stores/navigationStore';
import { VIEWS } from '../views/viewRegistry';

export function TitleBar() {
  const view = useNavigationStore(selectView);
  const network = useAppStatusStore(selectNetworkLabel);
  const isSandbox = useAppStatusStore((s) => s.status?.network.isSandbox ?? false);
  return (
    <header className="titlebar">
      <span className="brand">
        <span className="brand-mark" aria-hidden="true" />
        Marketdesk
      </span>
      <span className="titlebar-sep" aria-hidden="true">/</span>
      <h1 className="titlebar-view">{VIEWS[view].label}</h1>
      {isSandbox && network ? (
        <span className="titlebar-badge" title="Paper trading against the embedded sandbox exchange">
          {network} · paper
        </span>
      ) : null}
    </header>
  );
}
