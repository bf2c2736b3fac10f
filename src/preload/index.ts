/**
 * The preload: builds `window.api` from the contract over IPC and exposes it through the
 * context bridge. It is bundled to one CommonJS file because sandboxed preloads can require
 * nothing but `electron`.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridgeApi } from '../shared/contract';
import { createIpcBridgeTransport } from './ipcBridgeTransport';

contextBridge.exposeInMainWorld('api', buildBridgeApi(createIpcBridgeTransport(ipcRenderer)));
