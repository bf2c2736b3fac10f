/**
 * Opens the user's browser on the app without putting a credential on any command line, the
 * way Jupyter does: a file only this user can read (0600, in a private 0700 folder) redirects to
 * the host with a single-use sign-in code, and the opener (xdg-open, open, explorer) gets just
 * the file's path. The file is removed once the code was used, or when the host stops.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedirectFile {
  path: string;
  remove(): void;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The redirect page: a meta refresh (no script), plus a link for browsers that ignore it. */
export function redirectPageHtml(target: string): string {
  const href = escapeAttribute(target);
  return (
    `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
    `<meta http-equiv="refresh" content="0;url=${href}"><title>Opening Marketdesk…</title>` +
    `<p>Opening Marketdesk… If nothing happens, <a href="${href}">continue</a>.</p>`
  );
}

/** Writes the redirect file in a fresh private folder; `parent` defaults to the OS temp folder. */
export function writeRedirectFile(target: string, parent: string = tmpdir()): RedirectFile {
  const folder = mkdtempSync(join(parent, 'marketdesk-open-'));
  const path = join(folder, 'open-marketdesk.html');
  // mkdtemp makes the folder 0700; the file is 0600 whatever the umask says ('wx': a new file only).
  writeFileSync(path, redirectPageHtml(target), { mode: 0o600, flag: 'wx' });
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The platform's "open this with the default app" command. */
export function defaultOpener(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? 'open' : platform === 'win32' ? 'explorer' : 'xdg-open';
}

/**
 * Runs `opener <file path>`. `MARKETDESK_BROWSER_OPENER` (a command, no arguments) replaces the
 * platform's opener, for tests and for people who want a specific browser.
 */
export function openFileWith(filePath: string, opener: string, onFailure: () => void): void {
  const child = spawn(opener, [filePath], { stdio: 'ignore', detached: true });
  child.on('error', onFailure);
  child.unref();
}
