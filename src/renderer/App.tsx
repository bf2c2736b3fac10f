/** The window: title bar, navigation, the current view and the status bar — or, when the bridge cannot work at all, a full-page explanation. */
import { selectBridgeBlocker, useBridgeLinkStore } from './stores/bridgeLinkStore';
import { selectView, useNavigationStore } from './stores/navigationStore';
import { BridgeUnavailable } from './components/BridgeUnavailable';
import { NavBar } from './components/NavBar';
import { StatusBar } from './components/StatusBar';
import { TitleBar } from './components/TitleBar';
import { MarketsView } from './views/markets/MarketsView';
import { PlaceholderView } from './views/placeholders/PlaceholderView';

function CurrentView() {
  const view = useNavigationStore(selectView);
  return view === 'markets' ? <MarketsView /> : <PlaceholderView view={view} />;
}

export function App() {
  const blocker = useBridgeLinkStore(selectBridgeBlocker);
  if (blocker) return <BridgeUnavailable blocker={blocker} />;
  return (
    <div className="shell">
      <TitleBar />
      <NavBar />
      <main className="content">
        <CurrentView />
      </main>
      <StatusBar />
    </div>
  );
}
