import type { BridgeApi } from '../shared/contract';

declare global {
  interface Window {
    /** Provided by the Electron preload; absent in browser mode, where a WebSocket carries the bridge. */
    api?: BridgeApi;
  }
}

export {};
