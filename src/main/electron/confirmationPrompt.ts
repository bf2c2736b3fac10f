/**
 * The pure parts of the desktop app's confirmation window (no `electron` import, unit-tested
 * under Node): its page, its options and how an answer is read. Like the keystore password
 * window, it runs no script and has no preload: its form "submits" to an address on the reserved
 * `.invalid` domain, and main reads the answer from that navigation's URL in `will-navigate` and
 * cancels it. The app's own renderer is a different web contents: it cannot click here, read
 * this page or send it input.
 */
import { confirmationPageHtml } from '../core/authority/confirmationPageHtml';
import type { ConfirmationQuestion } from '../core/authority/confirmationSurface';

export const CONFIRMATION_SUBMIT_URL = 'https://confirmation.marketdesk.invalid/answer';

const CSP = `default-src 'none'; style-src 'unsafe-inline'; form-action ${CONFIRMATION_SUBMIT_URL}`;

/** The question as a `data:` URL, loaded by main (not a navigation the page could start). */
export function confirmationDataUrl(question: ConfirmationQuestion, secondsLeft: number): string {
  const html = confirmationPageHtml(question, { method: 'get', action: CONFIRMATION_SUBMIT_URL, hidden: { id: question.id } }, { csp: CSP, seconds: secondsLeft });
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

/** The answer a navigation carries for this question; null for any other navigation (refused). */
export function readConfirmationAnswer(url: string, questionId: string): 'confirm' | 'decline' | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (`${parsed.origin}${parsed.pathname}` !== CONFIRMATION_SUBMIT_URL || parsed.searchParams.get('id') !== questionId) return null;
  const answer = parsed.searchParams.get('answer');
  return answer === 'confirm' || answer === 'decline' ? answer : null;
}

/** Modal to the app, always on top of it, no script, no preload, a throwaway in-memory session. */
export function confirmationWindowOptions() {
  return {
    width: 560,
    height: 520,
    resizable: true,
    minimizable: false,
    maximizable: false,
    modal: true,
    alwaysOnTop: true,
    show: false,
    title: 'Marketdesk asks you',
    backgroundColor: '#0f1115',
    webPreferences: {
      // No 'persist:' prefix: the session lives in memory and dies with the window.
      partition: 'marketdesk-confirmation',
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      devTools: false,
      navigateOnDragDrop: false,
    },
  } as const;
}
