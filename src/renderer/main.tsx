/** Renderer entry: wire bridge events into the stores once, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bridgeMode } from './bridge/api';
import { wireBridgeSubscriptions } from './bridge/subscriptions';
import { reportUserActivityWhileOpen } from './bridge/userActivity';
import { useAccountsStore } from './stores/accountsStore';
import { useAppStatusStore } from './stores/appStatusStore';
import { useVaultStore } from './stores/vaultStore';
import { followLocationHash, useNavigationStore } from './stores/navigationStore';
import { preloadView } from './views/viewLoaders';
import { watchRememberedBookAhead } from './views/trade/tradeStartup';
import { useConfirmationsStore } from './stores/confirmationsStore';
import { useUpdateStore } from './stores/updateStore';
import { usePrefsStore } from './stores/prefsStore';
import { useAlertsStore } from './stores/alertsStore';
import { followSystemTheme } from './lib/theme';
import { App } from './App';
import './styles/theme.css';
import './styles/theme-light.css';
import './styles/shell.css';
import './styles/feedback.css';
import './styles/markets.css';
import './styles/book.css';
import './styles/ladder.css';
import './styles/forms.css';
import './styles/custody.css';
import './styles/accounts.css';
import './styles/trade.css';
import './styles/ticket.css';
import './styles/analytics.css';
import './styles/recovery.css';
import './styles/perps.css';
import './styles/budget.css';
import './styles/prefs.css';
import './styles/networks.css';
import './styles/guardrails.css';
import './styles/networkSwitcher.css';
import './styles/updates.css';
import './styles/risk.css';
import './styles/layout-narrow.css';

// The first view's chunk is fetched now, while the shell starts, not once React has rendered the
// shell and reached its Suspense (a waterfall the startup bench measured at 0.2–0.5 s).
preloadView(useNavigationStore.getState().view);

// Before the first paint: the system's light or dark, until the saved choice arrives.
followSystemTheme();

if (bridgeMode !== 'needs-token') {
  wireBridgeSubscriptions();
  watchRememberedBookAhead();
  void useAppStatusStore.getState().load();
  void useVaultStore.getState().load();
  void useAccountsStore.getState().load();
  void usePrefsStore.getState().load();
  void useAlertsStore.getState().load();
  void useUpdateStore.getState().load();
  void useConfirmationsStore.getState().load();
  reportUserActivityWhileOpen();
}
followLocationHash();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
