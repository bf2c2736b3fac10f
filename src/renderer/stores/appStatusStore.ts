/** App status: network, the core's connection to the services, and the rate-budget use. */
import { create } from 'zustand';
import type { AppStatus, BudgetUsage, ConnectionState } from '../../shared/viewModels';
import type { BridgeError } from '../../shared/result';
import type { LinkStatus } from '../bridge/webSocketTransport';
import { api } from '../bridge/api';
import { errorText } from '../lib/errorText';
import { formatDuration } from '../lib/format';

interface AppStatusState {
  status: AppStatus | null;
  loadError: BridgeError | null;
  /** When the last status arrived (epoch ms), pushed or fetched. */
  receivedAt: number;
  load: () => Promise<void>;
  receive: (status: AppStatus) => void;
}

export const useAppStatusStore = create<AppStatusState>()((set) => ({
  status: null,
  loadError: null,
  receivedAt: 0,
  load: async () => {
    const result = await api.getAppStatus({});
    if (result.ok) set({ status: result.value, loadError: null, receivedAt: Date.now() });
    else set({ loadError: result.error });
  },
  receive: (status) => set({ status, loadError: null, receivedAt: Date.now() }),
}));

export const selectNetworkLabel = (s: AppStatusState): string | null => s.status?.network.label ?? null;
export const selectBudget = (s: AppStatusState): BudgetUsage | null => s.status?.budget ?? null;
export const selectVersion = (s: AppStatusState): string | null => s.status?.version ?? null;

export interface ConnectionDisplay {
  state: ConnectionState;
  /** The line shown on hover: what is wrong, or what is fine. */
  detail: string;
}

/**
 * The connection the user cares about is end to end: a dead link to the web host hides a healthy
 * core, so the link state wins over the core's own report.
 */
export function describeConnection(
  status: AppStatus | null,
  loadError: BridgeError | null,
  link: LinkStatus | null,
  now: number,
): ConnectionDisplay {
  if (link && link.state !== 'open') {
    if (link.state === 'connecting') return { state: 'connecting', detail: 'Connecting to Marketdesk…' };
    const seconds = link.nextAttemptAt ? Math.max(0, Math.ceil((link.nextAttemptAt - now) / 1000)) : 0;
    const when = seconds > 0 ? `reconnecting in ${formatDuration(seconds * 1000)}` : 'reconnecting…';

    return { state: 'offline', detail: `Lost the connection to Marketdesk — ${when}` };
  }
  if (!status) {
    return loadError
      ? { state: 'offline', detail: errorText(loadError) }
      : { state: 'connecting', detail: 'Loading status…' };
  }
  const fallback: Record<ConnectionState, string> = {
    connecting: `Connecting to ${status.network.label}…`,
    online: `Connected to ${status.network.label}`,
    degraded: `${status.network.label} is answering slowly or with errors`,
    offline: `${status.network.label} is unreachable`,
  };
  return { state: status.connection, detail: status.connectionProblem ?? fallback[status.connection] };
}
