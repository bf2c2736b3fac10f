/**
 * The state of the browser-mode link to the web host. In the desktop app there is no link to
 * lose (IPC lives as long as the window), so `link` stays null there.
 */
import { create } from 'zustand';
import { bridgeLink, bridgeMode, type BridgeMode } from '../bridge/api';
import type { LinkStatus } from '../bridge/webSocketTransport';

interface BridgeLinkState {
  mode: BridgeMode;
  link: LinkStatus | null;
  receiveLinkStatus: (status: LinkStatus) => void;
}

export const useBridgeLinkStore = create<BridgeLinkState>()((set) => ({
  mode: bridgeMode,
  link: bridgeLink?.status() ?? null,
  receiveLinkStatus: (status) => set({ link: status }),
}));

/** What the whole window should show instead of the app, if anything. */
export type BridgeBlocker = 'needs-token' | 'refused' | 'lost' | null;

export const selectBridgeBlocker = (s: BridgeLinkState): BridgeBlocker => {
  if (s.mode === 'needs-token') return 'needs-token';
  if (s.link?.state === 'refused') return 'refused';
  if (s.link?.state === 'lost') return 'lost';
  return null;
};

export const selectLinkStatus = (s: BridgeLinkState): LinkStatus | null => s.link;
