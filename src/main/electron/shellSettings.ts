/**
 * The shell's own settings in electron-store (window placement only for now). Account and app
 * settings belong to the core, which runs without Electron and uses electron-store's engine
 * `conf` with the same schema.
 */
import Store from 'electron-store';
import { restorableWindowState, type SavedWindowState, type WindowBounds } from './windowBounds';

interface ShellSettingsSchema {
  window?: SavedWindowState;
}

export interface ShellSettings {
  restoreWindowState(workAreas: WindowBounds[]): SavedWindowState | null;
  saveWindowState(state: SavedWindowState): void;
}

/** Call after `app.setPath('userData', …)`: electron-store resolves its directory on creation. */
export function openShellSettings(): ShellSettings {
  const store = new Store<ShellSettingsSchema>({ name: 'shell', clearInvalidConfig: true });
  return {
    restoreWindowState: (workAreas) => restorableWindowState(store.get('window'), workAreas),
    saveWindowState: (state) => {
      try {
        store.set('window', state);
      } catch (error) {
        // A full disk or a read-only folder at close: the window opens where it was last saved.
        console.error(`The window placement was not saved: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
