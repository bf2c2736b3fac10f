/** The coloured connection dot and word; the problem line is on hover (and for screen readers). */
import { useShallow } from 'zustand/react/shallow';
import { describeConnection, useAppStatusStore } from '../stores/appStatusStore';
import { selectLinkStatus, useBridgeLinkStore } from '../stores/bridgeLinkStore';
import { useNow } from '../hooks/useNow';

const WORDS = { connecting: 'Connecting', online: 'Online', degraded: 'Degraded', offline: 'Offline' } as const;

export function ConnectionIndicator() {
  const { status, loadError } = useAppStatusStore(useShallow((s) => ({ status: s.status, loadError: s.loadError })));
  const link = useBridgeLinkStore(selectLinkStatus);
  const now = useNow(1000, link?.state === 'reconnecting');
  const { state, detail } = describeConnection(status, loadError, link, now);
  return (
    <span
      className="status-item connection"
      data-state={state}
      data-testid="status-connection"
      title={detail}
      role="status"
      aria-label={`${WORDS[state]}: ${detail}`}
    >
      <span className="connection-dot" aria-hidden="true" />
      {WORDS[state]}
    </span>
  );
}
