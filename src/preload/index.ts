/**
 * The preload: builds `window.api` from the contract over IPC and exposes it through the
 * context bridge. It is bundled to one CommonJS file because sandboxed preloads can require
 * nothing but `electron`. It imports the zod-free bridgeApi, not the contract: main parses every
 * input, and each window would otherwise build every channel's schema before its page could call.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridgeApi } from '../shared/bridgeApi';
import { createIpcBridgeTransport } from './ipcBridgeTransport';

contextBridge.exposeInMainWorld('api', buildBridgeApi(createIpcBridgeTransport(ipcRenderer)));
