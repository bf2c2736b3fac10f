/** The window: title bar, navigation, the current view and the status bar — or, when the bridge cannot work at all, a full-page explanation. */
import { Suspense } from 'react';
import { selectBridgeBlocker, useBridgeLinkStore } from './stores/bridgeLinkStore';
import { selectView, useNavigationStore } from './stores/navigationStore';
import { selectFormatKey, usePrefsStore } from './stores/prefsStore';
import { useAccountShortcuts } from './hooks/useAccountShortcuts';
import { useViewShortcuts } from './hooks/useViewShortcuts';
import { BridgeUnavailable } from './components/BridgeUnavailable';
import { NavBar } from './components/NavBar';
import { StatusBar } from './components/StatusBar';
import { TitleBar } from './components/TitleBar';
import { ViewLoadBoundary } from './components/ViewLoadBoundary';
import { VaultPromptDialog } from './components/vault/VaultPromptDialog';
import { WelcomeBanner } from './components/vault/WelcomeBanner';
import { lazyView } from './views/viewLoaders';
import { CancelledOrdersNotice } from './components/CancelledOrdersNotice';
import { PendingConfirmationDialog } from './components/PendingConfirmationDialog';
import { FillToasts } from './components/FillToasts';

function CurrentView() {
  const view = useNavigationStore(selectView);
  // Numbers and times follow the display preferences: when they change, the view is drawn again
  // from scratch (memoized rows included). Settings, where they change, keeps its state and focus.
  const formatKey = usePrefsStore(selectFormatKey);
  const View = lazyView(view);
  return (
    <ViewLoadBoundary key={view}>
      <Suspense fallback={<section className="view view-loading" aria-busy="true" aria-label="Loading" />}>
        <View key={view === 'settings' ? view : `${view}|${formatKey}`} />
      </Suspense>
    </ViewLoadBoundary>
  );
}

function Shell() {
  useAccountShortcuts();
  // Status and title bars show times and prices too.
  usePrefsStore(selectFormatKey);
  useViewShortcuts();
  return (
    <div className="shell">
      <TitleBar />
      <NavBar />
      <main className="content">
        <WelcomeBanner />
        <CurrentView />
      </main>
      <StatusBar />
      <VaultPromptDialog />
      <FillToasts />
      <CancelledOrdersNotice />
      <PendingConfirmationDialog />
    </div>
  );
}

export function App() {
  const blocker = useBridgeLinkStore(selectBridgeBlocker);
  if (blocker) return <BridgeUnavailable blocker={blocker} />;
  return <Shell />;
}
