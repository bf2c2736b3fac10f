/** The window: title bar, navigation, the current view and the status bar — or, when the bridge cannot work at all, a full-page explanation. */
import { selectBridgeBlocker, useBridgeLinkStore } from './stores/bridgeLinkStore';
import { selectView, useNavigationStore } from './stores/navigationStore';
import { useAccountShortcuts } from './hooks/useAccountShortcuts';
import { useViewShortcuts } from './hooks/useViewShortcuts';
import { BridgeUnavailable } from './components/BridgeUnavailable';
import { NavBar } from './components/NavBar';
import { StatusBar } from './components/StatusBar';
import { TitleBar } from './components/TitleBar';
import { VaultPromptDialog } from './components/vault/VaultPromptDialog';
import { WelcomeBanner } from './components/vault/WelcomeBanner';
import { AccountsView } from './views/accounts/AccountsView';
import { MarketsView } from './views/markets/MarketsView';
import { PlaceholderView } from './views/placeholders/PlaceholderView';
import { PortfolioPage } from './views/portfolio/PortfolioPage';
import { ActivityPage } from './views/activity/ActivityPage';
import { BoardsPage } from './views/boards/BoardsPage';
import { SettingsView } from './views/settings/SettingsView';
import { TradeView } from './views/trade/TradeView';
import { TransfersPage } from './views/transfers/TransfersPage';
import { ReferralsPage } from './views/referrals/ReferralsPage';
import { PerpsPage } from './views/perps/PerpsPage';
import { CancelledOrdersNotice } from './components/CancelledOrdersNotice';
import { FillToasts } from './components/FillToasts';

function CurrentView() {
  const view = useNavigationStore(selectView);
  if (view === 'markets') return <MarketsView />;
  if (view === 'trade') return <TradeView />;
  if (view === 'portfolio') return <PortfolioPage />;
  if (view === 'activity') return <ActivityPage />;
  if (view === 'transfers') return <TransfersPage />;
  if (view === 'referrals') return <ReferralsPage />;
  if (view === 'perps') return <PerpsPage />;
  if (view === 'boards') return <BoardsPage />;
  if (view === 'accounts') return <AccountsView />;
  if (view === 'settings') return <SettingsView />;
  return <PlaceholderView view={view} />;
}

function Shell() {
  useAccountShortcuts();
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
    </div>
  );
}

export function App() {
  const blocker = useBridgeLinkStore(selectBridgeBlocker);
  if (blocker) return <BridgeUnavailable blocker={blocker} />;
  return <Shell />;
}
