/**
 * The profiles list as Settings → Networks shows it: read when the section opens, again when the
 * active network changes (a switch from the title bar), and replaced by every
 * `networkProfilesChanged` event, so two windows agree.
 */
import { useCallback, useEffect, useState } from 'react';
import type { NetworkProfilesView } from '../../../../shared/networkProfiles';
import type { BridgeError } from '../../../../shared/result';
import { api } from '../../../bridge/api';
import { useAppStatusStore } from '../../../stores/appStatusStore';

export interface NetworkProfilesState {
  view: NetworkProfilesView | null;
  error: BridgeError | null;
  reload: () => void;
  /** A channel's answer that carries the new list (save, delete, import). */
  receive: (view: NetworkProfilesView) => void;
}

export function useNetworkProfiles(): NetworkProfilesState {
  const [view, setView] = useState<NetworkProfilesView | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  const runningNetwork = useAppStatusStore((s) => s.status?.network.id ?? null);

  const reload = useCallback(() => {
    void api.listNetworkProfiles({}).then((result) => {
      if (result.ok) {
        setView(result.value);
        setError(null);
      } else setError(result.error);
    });
  }, []);

  useEffect(() => {
    reload();
  }, [reload, runningNetwork]);
  useEffect(() => api.events.onNetworkProfilesChanged((next) => setView(next)), []);

  return { view, error, reload, receive: setView };
}
