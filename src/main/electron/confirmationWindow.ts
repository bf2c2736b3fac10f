/**
 * The desktop app's confirmation surface: main's questions, one window at a time, in a window
 * main owns (see confirmationPrompt.ts for why the app's renderer cannot reach it). Questions
 * asked while one is shown wait their turn; a question main settles another way (timeout, lock,
 * the page declined) closes its window or leaves the queue.
 */
import { BrowserWindow } from 'electron';
import type { ConfirmationQuestion, ConfirmationSurface, ShownQuestion } from '../core/authority/confirmationSurface';
import { confirmationDataUrl, confirmationWindowOptions, readConfirmationAnswer } from './confirmationPrompt';

interface Waiting {
  question: ConfirmationQuestion;
  answer: (yes: boolean) => void;
  window: BrowserWindow | null;
  closed: boolean;
}

export function createConfirmationWindows(parent: () => BrowserWindow | null): ConfirmationSurface {
  const queue: Waiting[] = [];

  const showNext = () => {
    const next = queue[0];
    if (!next || next.window) return;
    const owner = parent();
    const window = new BrowserWindow({ ...confirmationWindowOptions(), ...(owner ? { parent: owner } : { modal: false }) });
    next.window = window;
    window.removeMenu();
    const finish = (yes: boolean) => {
      if (next.closed) return;
      next.closed = true;
      next.answer(yes);
      queue.splice(queue.indexOf(next), 1);
      if (!window.isDestroyed()) window.close();
      showNext();
    };
    window.webContents.on('will-navigate', (event) => {
      event.preventDefault(); // the page never goes anywhere: this is only how the answer reaches main
      const answer = readConfirmationAnswer(event.url, next.question.id);
      if (answer) finish(answer === 'confirm');
    });
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => finish(false));
    const secondsLeft = Math.max(0, (next.question.expiresAt - Date.now()) / 1000);
    void window.loadURL(confirmationDataUrl(next.question, secondsLeft)).catch(() => finish(false));
  };

  return {
    kind: 'window',
    show(question): ShownQuestion {
      let answer!: (yes: boolean) => void;
      const answered = new Promise<boolean>((resolve) => {
        answer = resolve;
      });
      const waiting: Waiting = { question, answer, window: null, closed: false };
      queue.push(waiting);
      showNext();
      return {
        answer: answered,
        openUrl: null,
        close: () => {
          if (waiting.closed) return;
          waiting.closed = true;
          waiting.answer(false);
          queue.splice(queue.indexOf(waiting), 1);
          if (waiting.window && !waiting.window.isDestroyed()) waiting.window.close();
          showNext();
        },
      };
    },
  };
}
