/** Renderer entry: wire bridge events into the stores once, then render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bridgeMode } from './bridge/api';
import { wireBridgeSubscriptions } from './bridge/subscriptions';
import { useAppStatusStore } from './stores/appStatusStore';
import { followLocationHash } from './stores/navigationStore';
import { App } from './App';
import './styles/theme.css';
import './styles/shell.css';
import './styles/feedback.css';
import './styles/markets.css';
import './styles/book.css';

if (bridgeMode !== 'needs-token') {
  wireBridgeSubscriptions();
  void useAppStatusStore.getState().load();
}
followLocationHash();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
