/**
 * The desktop app's secret presenter, all of it owned by the main process: a revealed key goes
 * from the vault to a native dialog; a keystore export asks its password in a main-owned window,
 * the file's place in a native save dialog, and main writes the file (0600). None of it passes
 * through the app's renderer, its state or its logs.
 */
import { app, dialog, type BrowserWindow } from 'electron';
import { basename } from 'node:path';
import type { SecretPresenter } from '../core/accounts/secretPresenter';
import { writeKeystoreFile } from './keystoreFile';
import { askKeystorePassword } from './keystorePasswordWindow';
import { keystoreSaveDialogOptions, revealDialogOptions } from './keystorePrompt';

export function createDialogSecretPresenter(parent: () => BrowserWindow | null): SecretPresenter {
  return {
    present: async (request) => {
      const options = revealDialogOptions(request);
      const window = parent();
      await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
      return { shownIn: 'dialog', url: null };
    },
    offerKeystore: async (offer) => {
      const window = parent();
      const password = await askKeystorePassword(window, offer);
      if (password === null) return { shownIn: 'dialog', url: null, savedAs: null };
      const options = keystoreSaveDialogOptions(offer.fileName, app.getPath('documents'));
      const choice = await (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options));
      if (choice.canceled || !choice.filePath) return { shownIn: 'dialog', url: null, savedAs: null };
      await writeKeystoreFile(choice.filePath, await offer.encrypt(password));
      return { shownIn: 'dialog', url: null, savedAs: basename(choice.filePath) };
    },
  };
}
