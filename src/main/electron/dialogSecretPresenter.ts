/**
 * Shows a revealed private key in a native dialog owned by the main process: the key goes from
 * the vault to the OS dialog and never through the renderer, its state or its logs.
 */
import { dialog, type BrowserWindow } from 'electron';
import type { SecretPresenter } from '../core/accounts/secretPresenter';

export function createDialogSecretPresenter(parent: () => BrowserWindow | null): SecretPresenter {
  return {
    present: async ({ title, explanation, secret }) => {
      const options = {
        type: 'warning' as const,
        title,
        message: title,
        detail: `${explanation}\n\n${secret}`,
        buttons: ['Done'],
        noLink: true,
      };
      const window = parent();
      await (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
      return { shownIn: 'dialog', url: null };
    },
  };
}
