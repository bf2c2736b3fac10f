/**
 * Asks the new keystore password in a small window owned by main (not the app's renderer): see
 * keystorePrompt.ts for how the typed password reaches main. Resolves with the password, or
 * null when the user cancels or closes the window.
 */
import { BrowserWindow } from 'electron';
import { keystorePasswordProblem } from '../core/accounts/keystorePasswordChoice';
import { keystorePromptDataUrl, keystorePromptHtml, keystorePromptWindowOptions, readPromptSubmission } from './keystorePrompt';

export function askKeystorePassword(parent: BrowserWindow | null, text: { title: string; explanation: string }): Promise<string | null> {
  return new Promise((resolve) => {
    const window = new BrowserWindow({ ...keystorePromptWindowOptions(), ...(parent ? { parent } : { modal: false }) });
    window.removeMenu();
    let settled = false;
    const finish = (password: string | null) => {
      if (settled) return;
      settled = true;
      resolve(password);
      if (!window.isDestroyed()) window.close();
    };
    const show = (problem: string | null) =>
      void window.loadURL(keystorePromptDataUrl(keystorePromptHtml({ ...text, problem }))).catch(() => finish(null));

    window.webContents.on('will-navigate', (event) => {
      event.preventDefault(); // the page never goes anywhere: this is only how the form reaches main
      const submission = readPromptSubmission(event.url);
      if (!submission || submission.action === 'cancel') return finish(null);
      const problem = keystorePasswordProblem(submission.password, submission.confirmation);
      if (problem) return show(problem);
      finish(submission.password);
    });
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => finish(null));
    show(null);
  });
}
