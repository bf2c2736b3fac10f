/**
 * The pure parts of the desktop app's keystore export (no `electron` import, unit-tested under
 * Node): the main-owned password window's page, options and submission parsing, the save
 * dialog's options, and the reveal dialog's options.
 *
 * How the password reaches main without a preload: the window runs no script at all; its form
 * "submits" to an address on the reserved `.invalid` domain, and main reads the fields from that
 * navigation's URL in `will-navigate` and cancels it. No request is ever made, nothing enters
 * history, and the renderer of the app's own window is not involved at any point.
 */
import { join } from 'node:path';

export const PROMPT_SUBMIT_URL = 'https://keystore-password.marketdesk.invalid/submit';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function keystorePromptHtml(options: { title: string; explanation: string; problem: string | null }): string {
  const problem = options.problem ? `<p class="problem" role="alert">${escapeHtml(options.problem)}</p>` : '';
  return (
    `<!doctype html><html lang="en"><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action ${PROMPT_SUBMIT_URL}">` +
    `<title>${escapeHtml(options.title)}</title>` +
    `<style>body{background:#0f1115;color:#e6e6e6;font:14px system-ui;padding:1.2em 1.5em}h1{font-size:1.1em}label{display:block;margin:.8em 0 .3em}` +
    `input{font:14px monospace;padding:.35em;width:100%;box-sizing:border-box}.actions{margin-top:1.2em;display:flex;gap:.6em}.problem{color:#f88}</style>` +
    `<body><h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.explanation)}</p>${problem}` +
    `<form method="get" action="${PROMPT_SUBMIT_URL}" autocomplete="off">` +
    `<label for="password">New keystore password</label><input id="password" name="password" type="password" minlength="8" maxlength="1024" required autofocus>` +
    `<label for="confirmation">Confirm the keystore password</label><input id="confirmation" name="confirmation" type="password" maxlength="1024" required>` +
    `<div class="actions"><button type="submit" name="action" value="save">Choose where to save…</button>` +
    `<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div></form></body></html>`
  );
}

/** The page as a `data:` URL, loaded by main (not a navigation the page could start). */
export const keystorePromptDataUrl = (html: string): string => `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;

export type PromptSubmission = { action: 'cancel' } | { action: 'save'; password: string; confirmation: string };

/** Reads the form out of a navigation URL; null for any other navigation (which main refuses). */
export function readPromptSubmission(url: string): PromptSubmission | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (`${parsed.origin}${parsed.pathname}` !== PROMPT_SUBMIT_URL) return null;
  if (parsed.searchParams.get('action') === 'cancel') return { action: 'cancel' };
  return { action: 'save', password: parsed.searchParams.get('password') ?? '', confirmation: parsed.searchParams.get('confirmation') ?? '' };
}

/** The password window: modal to the app, no script, no preload, a throwaway in-memory session. */
export function keystorePromptWindowOptions() {
  return {
    width: 460,
    height: 360,
    resizable: false,
    minimizable: false,
    maximizable: false,
    modal: true,
    show: false,
    title: 'Keystore password',
    backgroundColor: '#0f1115',
    webPreferences: {
      // No 'persist:' prefix: the session lives in memory and dies with the window.
      partition: 'marketdesk-keystore-prompt',
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

/** The save dialog: geth's file name in the user's documents, JSON only. */
export function keystoreSaveDialogOptions(fileName: string, documentsDir: string) {
  return {
    title: 'Save the keystore',
    defaultPath: join(documentsDir, fileName),
    buttonLabel: 'Save keystore',
    filters: [{ name: 'Keystore (JSON)', extensions: ['json'] }],
    properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
  };
}

/**
 * The native reveal dialog: the key in the dialog's detail text, nothing in the app's window. A
 * native dialog takes a string, so on the desktop the key's hex lives in main's heap until it is
 * collected (browser mode builds its page as bytes and zeroes them).
 */
export function revealDialogOptions({ title, explanation, secret }: { title: string; explanation: string; secret: Uint8Array }) {
  return {
    type: 'warning' as const,
    title,
    message: title,
    detail: `${explanation}\n\n0x${Buffer.from(secret).toString('hex')}`,
    buttons: ['Done'],
    noLink: true,
  };
}
