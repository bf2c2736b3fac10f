/** The app's one window: hardened preferences, restored placement, shown once painted. */
import { BrowserWindow, screen } from 'electron';
import { WINDOW_ICON_PATH } from './appIcons';
import type { ShellSettings } from './shellSettings';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE } from './windowBounds';
import { hardenedWebPreferences } from './windowPolicy';

export interface MainWindowOptions {
  preloadPath: string;
  url: string;
  devTools: boolean;
  settings: ShellSettings;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const saved = options.settings.restoreWindowState(workAreas);
  const window = new BrowserWindow({
    ...(saved ? saved.bounds : DEFAULT_WINDOW_SIZE),
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'Marketdesk',
    icon: WINDOW_ICON_PATH,
    backgroundColor: '#0f1115',
    // Shown on ready-to-show so the user never sees an unpainted white frame.
    show: false,
    webPreferences: hardenedWebPreferences(options.preloadPath, { devTools: options.devTools }),
  });
  window.once('ready-to-show', () => {
    if (saved?.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => {
    options.settings.saveWindowState({
      bounds: window.getNormalBounds(),
      maximized: window.isMaximized(),
    });
  });
  window.loadURL(options.url).catch((error: unknown) => {
    // The page failed to load (a missing build, a stopped dev server): say so in main's log;
    // the window stays blank rather than showing anything else.
    console.error(`Marketdesk could not load its window: ${String(error)}`);
  });
  return window;
}
