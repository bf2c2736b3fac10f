/**
 * Renderer entry: wire bridge events into the stores once, send the start-up reads, then render.
 * React and the shell are not here (renderApp.tsx): this entry is small, and in browser mode it
 * imports them only once the socket's `open` has been handled and the reads and the first book's
 * watch have gone out, so react-dom and the shell evaluate while the server answers.
 */
// The early entry, which index.html runs before this one: the same module, so the same socket.
import { firstViewLoaded } from './startEarly';
import { bridgeLink, bridgeMode } from './bridge/api';
import { linkLeavesConnecting } from './bridge/linkLeavesConnecting';
import { wireBridgeSubscriptions } from './bridge/subscriptions';
import { reportUserActivityWhileOpen } from './bridge/userActivity';
import { useAccountsStore } from './stores/accountsStore';
import { useAppStatusStore } from './stores/appStatusStore';
import { useVaultStore } from './stores/vaultStore';
import { followLocationHash } from './stores/navigationStore';
import { watchRememberedBookAhead } from './views/trade/tradeStartup';
import { publishLiveBooksNow } from './stores/liveBooks';
import { useConfirmationsStore } from './stores/confirmationsStore';
import { useUpdateStore } from './stores/updateStore';
import { usePrefsStore } from './stores/prefsStore';
import { useAlertsStore } from './stores/alertsStore';
import { followSystemTheme } from './lib/theme';
import { prepareFormats } from './lib/format';
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

/** On loopback the socket opens in a few milliseconds; a slower link does not hold React longer. */
const OPEN_WAIT_MS = 50;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render waits for React and the shell and for the first view's code (both fetched
// while this entry evaluates): the shell and the view then render in one blocking pass, laid out
// and painted once. Rendered apart, the shell painted first and the view rendered in slices that
// each start-up answer interrupted and restarted (the startup bench's trace). The page that
// explains a missing token waits for no view. A book already back is published for that render.
// In browser mode React and the shell are evaluated once the socket is open and the reads above
// have gone out, so the server answers while they evaluate (decision 50/08); through Electron's
// preload the reads are out already.
const readsSent = bridgeLink ? linkLeavesConnecting(bridgeLink, OPEN_WAIT_MS) : Promise.resolve();
const shellLoaded = readsSent.then(() => import('./renderApp'));
// While the first view's code or the answers are still on their way, the formatters the first
// frame uses are built, instead of inside the first render.
void shellLoaded.then(() => requestIdleCallback(prepareFormats));
void Promise.all([shellLoaded, bridgeMode === 'needs-token' ? undefined : firstViewLoaded]).then(([{ renderApp }]) => {
  publishLiveBooksNow();
  renderApp(root);
});
