/** The desktop's save dialog for activity exports, given to the core as its SaveDialogPort. */
import { app, dialog, type BrowserWindow } from 'electron';
import type { SaveDialogPort } from '../core/portfolio/fileExport';
import { chosenExportPath, exportSaveDialogOptions } from './exportSavePrompt';

export function createExportSaveDialog(parent: () => BrowserWindow | null): SaveDialogPort {
  return async ({ suggestedName, format }) => {
    const options = exportSaveDialogOptions(suggestedName, format, app.getPath('documents'));
    const window = parent();
    const choice = await (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options));
    return chosenExportPath(choice, format);
  };
}
