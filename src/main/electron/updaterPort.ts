/**
 * The desktop's updater port: electron-updater's autoUpdater behind the small interface the core
 * asks for (core/updates/updaterPort.ts). Only an installed app (app.isPackaged) loads it; a
 * development run gets a port that says so and is never asked to act. The policy (when to check,
 * when an install must be confirmed, install-on-quit) lives in the core.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from 'electron';
import type * as ElectronUpdater from 'electron-updater';
import type { AppUpdater, CancellationToken } from 'electron-updater';
import type { UpdaterEnvironment, UpdaterPort, UpdaterPortEvent } from '../core/updates/updaterPort';
import { readInstallerUpdateConfig, updateVerificationFor, type InstallerUpdateConfig } from './updaterConfig';

type UpdaterModule = typeof ElectronUpdater;

function installerConfig(): InstallerUpdateConfig | null {
  try {
    return readInstallerUpdateConfig(readFileSync(join(process.resourcesPath, 'app-update.yml'), 'utf8'));
  } catch {
    return null;
  }
}

function environmentOf(packaged: boolean, config: InstallerUpdateConfig | null): UpdaterEnvironment {
  return {
    packaged,
    installerFeed: config?.provider != null,
    installerFeedUrl: config?.url ?? null,
    verification: updateVerificationFor(process.platform, config),
    installOnQuitIsFinalAtDownload: process.platform === 'darwin',
    environmentFeedUrl: process.env.MARKETDESK_UPDATE_FEED_URL?.trim() || null,
  };
}

const notInstalled = (): never => {
  throw new Error('updates need an installed copy of Marketdesk');
};

export async function createUpdaterPort(app: App): Promise<UpdaterPort> {
  if (!app.isPackaged) {
    const environment = environmentOf(false, null);
    return {
      environment,
      setFeed: () => {},
      setInstallOnQuit: () => {},
      check: async () => notInstalled(),
      download: async () => notInstalled(),
      cancelDownload: () => {},
      quitAndInstall: notInstalled,
      subscribe: () => () => {},
    };
  }
  // A CommonJS package: its named exports sit on the default export under ESM.
  const loaded = (await import('electron-updater')) as UpdaterModule & { default?: UpdaterModule };
  const module = loaded.default ?? loaded;
  const updater: AppUpdater = module.autoUpdater;
  const config = installerConfig();
  const environment = environmentOf(true, config);
  // The core starts downloads itself (after "available") and decides install-on-quit.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  // Web installers may skip signature checks (electron-updater's own warning): never use them.
  updater.disableWebInstaller = true;
  updater.allowDowngrade = false;

  const listeners = new Set<(event: UpdaterPortEvent) => void>();
  const emit = (event: UpdaterPortEvent) => listeners.forEach((listener) => listener(event));
  updater.on('checking-for-update', () => emit({ kind: 'checking' }));
  updater.on('update-available', (info) => emit({ kind: 'available', version: info.version }));
  updater.on('update-not-available', () => emit({ kind: 'not-available' }));
  updater.on('download-progress', (p) => emit({ kind: 'progress', transferredBytes: p.transferred, totalBytes: p.total, bytesPerSecond: p.bytesPerSecond }));
  updater.on('update-downloaded', (event) => emit({ kind: 'downloaded', version: event.version }));
  // Handled, so an updater failure is a state on screen, never an unhandled error in main.
  updater.on('error', (error) => emit({ kind: 'error', message: error.message }));

  let download: CancellationToken | null = null;
  return {
    environment,
    setFeed: (url) => {
      const target = url ?? config?.url ?? null;
      // A non-generic installer feed cannot be restored by address: it applies again at the next start.
      if (target !== null) updater.setFeedURL({ provider: 'generic', url: target });
    },
    setInstallOnQuit: (allowed) => {
      updater.autoInstallOnAppQuit = allowed;
    },
    check: async () => {
      await updater.checkForUpdates();
    },
    download: async () => {
      download = new module.CancellationToken();
      try {
        await updater.downloadUpdate(download);
      } finally {
        download = null;
      }
    },
    cancelDownload: () => download?.cancel(),
    // Not silent: on Windows the installer's window shows; the app starts again afterwards.
    quitAndInstall: () => updater.quitAndInstall(false, true),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
