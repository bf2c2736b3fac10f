/**
 * The desktop app's entry: Electron lifecycle and wiring only. Policy lives in pure modules
 * (windowPolicy, appAssetPath, windowBounds, shellArgs); the application lives in the core,
 * which runs the same way under the browser-mode host.
 */
import { app, dialog, ipcMain, powerMonitor, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createCore } from '../core/createCore';
import { showAlertsAsOsNotifications } from './alertNotifications';
import { registerAppSchemeAsPrivileged, serveRendererFromAppScheme } from './appProtocol';
import { startIpcTransport } from './ipcTransport';
import { createConfirmationWindows } from './confirmationWindow';
import { createDialogSecretPresenter } from './dialogSecretPresenter';
import { createExportSaveDialog } from './exportSaveDialog';
import { createMainWindow } from './mainWindow';
import { denyAllPermissions } from './sessionPolicy';
import { parseShellArgs } from './shellArgs';
import { createUpdaterPort } from './updaterPort';
import { openShellSettings } from './shellSettings';
import { guardWebContents } from './webContentsGuards';
import { APP_ENTRY_URL } from './windowPolicy';

const shellArgs = parseShellArgs(process.argv.slice(1));
// Before anything reads userData: the single-instance lock, electron-store and the core all
// live there, so separate data dirs are separate, independent app instances.
if (shellArgs.dataDir) app.setPath('userData', shellArgs.dataDir);

// Every renderer sandboxed, whatever a future window's preferences say.
app.enableSandbox();
registerAppSchemeAsPrivileged();

/** electron-vite's dev server, trusted only when running unpackaged (`electron-vite dev`). */
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;

let mainWindow: BrowserWindow | null = null;
let openWindow: (() => void) | null = null;

function focusOrOpenMainWindow(): void {
  if (!mainWindow) {
    openWindow?.();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

async function startDesktopApp(): Promise<void> {
  await app.whenReady();
  const ses = session.defaultSession;
  denyAllPermissions(ses);
  serveRendererFromAppScheme(ses, join(import.meta.dirname, '../renderer'));

  const core = await createCore({
    dataDir: app.getPath('userData'),
    secretPresenter: createDialogSecretPresenter(() => mainWindow),
    // The page asks, main decides: value-moving and guardrail-lowering calls wait for this window.
    confirmationSurface: createConfirmationWindows(() => mainWindow),
    saveDialog: createExportSaveDialog(() => mainWindow),
    // electron-updater only in an installed app; the core decides when it may act.
    updater: await createUpdaterPort(app),
  });
  // Keys must not stay unlocked on a machine left asleep or behind a locked screen.
  powerMonitor.on('suspend', () => core.handleSystemEvent('suspend'));
  powerMonitor.on('lock-screen', () => core.handleSystemEvent('lock-screen'));
  showAlertsAsOsNotifications(core, focusOrOpenMainWindow);
  const transport = startIpcTransport(ipcMain, core, devServerUrl ? { devServerUrl } : {});
  const settings = openShellSettings();

  openWindow = () => {
    const window = createMainWindow({
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      url: devServerUrl ?? APP_ENTRY_URL,
      devTools: !app.isPackaged,
      settings,
    });
    transport.attachWindow(window.webContents);
    window.on('closed', () => {
      mainWindow = null;
    });
    mainWindow = window;
  };
  openWindow();

  app.on('activate', focusOrOpenMainWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Stop the core (pollers, the sandbox servers, pending writes) before the process exits.
  let coreStopped = false;
  let stopping = false;
  app.on('will-quit', (event) => {
    if (coreStopped) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    transport.stop();
    core
      .stop()
      .catch((error: unknown) => console.error(`Marketdesk core did not stop cleanly: ${String(error)}`))
      .finally(() => {
        coreStopped = true;
        app.quit();
      });
  });
}

if (!app.requestSingleInstanceLock()) {
  // Another Marketdesk owns this data dir; it focuses its window (below) and we leave.
  app.quit();
} else {
  app.on('second-instance', focusOrOpenMainWindow);
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
  startDesktopApp().catch((error: unknown) => {
    dialog.showErrorBox('Marketdesk could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}
