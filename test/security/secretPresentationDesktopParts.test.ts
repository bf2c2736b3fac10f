/**
 * Finding 4 (issue 7), desktop: the Electron shell cannot run here (no binary), so the parts of
 * the native reveal and export that decide anything are pure modules, tested here: the password
 * window's page, options and submission parsing, the password rules, the save dialog's options,
 * and the file written 0600 with no half-written file left on failure.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keystorePasswordProblem } from '../../src/main/core/accounts/keystorePasswordChoice';
import { writeKeystoreFile } from '../../src/main/electron/keystoreFile';
import {
  keystorePromptDataUrl,
  keystorePromptHtml,
  keystorePromptWindowOptions,
  keystoreSaveDialogOptions,
  PROMPT_SUBMIT_URL,
  readPromptSubmission,
  revealDialogOptions,
} from '../../src/main/electron/keystorePrompt';

const scratch = mkdtempSync(join(tmpdir(), 'marketdesk-keystore-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('desktop keystore export, pure parts', () => {
  it('the password window runs no script, has no preload and a throwaway session', () => {
    const options = keystorePromptWindowOptions();
    expect(options.webPreferences).toMatchObject({ javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false, devTools: false });
    expect('preload' in options.webPreferences).toBe(false);
    expect(options.webPreferences.partition.startsWith('persist:')).toBe(false);
  });

  it('the page posts nowhere but the address main intercepts, and escapes what it shows', () => {
    const html = keystorePromptHtml({ title: 'Export "<Main>"', explanation: 'x & y', problem: 'The two keystore passwords do not match.' });
    expect(html).toContain(`action="${PROMPT_SUBMIT_URL}"`);
    expect(html).toContain(`form-action ${PROMPT_SUBMIT_URL}`);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toContain('<script');
    expect(html).toContain('Export &quot;&lt;Main&gt;&quot;');
    expect(keystorePromptDataUrl(html).startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(new URL(PROMPT_SUBMIT_URL).hostname.endsWith('.invalid')).toBe(true);
  });

  it('reads a submission from the intercepted navigation, and nothing from any other address', () => {
    expect(readPromptSubmission(`${PROMPT_SUBMIT_URL}?password=p%C3%A4ss+word%26&confirmation=x&action=save`)).toEqual({
      action: 'save',
      password: 'päss word&',
      confirmation: 'x',
    });
    expect(readPromptSubmission(`${PROMPT_SUBMIT_URL}?action=cancel`)).toEqual({ action: 'cancel' });
    expect(readPromptSubmission('https://evil.example/submit?password=a')).toBeNull();
    expect(readPromptSubmission('https://keystore-password.marketdesk.invalid/other?password=a')).toBeNull();
    expect(readPromptSubmission('not a url')).toBeNull();
  });

  it('checks the chosen password: length and confirmation, without repeating it', () => {
    expect(keystorePasswordProblem('short', 'short')).toMatch(/at least 8/);
    expect(keystorePasswordProblem('x'.repeat(1025), 'x'.repeat(1025))).toMatch(/at most 1024/);
    expect(keystorePasswordProblem('long enough 1', 'long enough 2')).toBe('The two keystore passwords do not match.');
    expect(keystorePasswordProblem('long enough 1', 'long enough 1')).toBeNull();
  });

  it('offers the save dialog in the documents folder under geth’s file name', () => {
    const options = keystoreSaveDialogOptions('UTC--2026--abc.json', '/home/someone/Documents');
    expect(options.defaultPath).toBe('/home/someone/Documents/UTC--2026--abc.json');
    expect(options.filters).toEqual([{ name: 'Keystore (JSON)', extensions: ['json'] }]);
    expect(revealDialogOptions({ title: 'T', explanation: 'E', secret: Uint8Array.of(0xab, 0x01) })).toMatchObject({ detail: 'E\n\n0xab01', buttons: ['Done'] });
  });

  it('writes the keystore readable by the user only, also over an existing 0644 file', async () => {
    const fresh = join(scratch, 'fresh.json');
    await writeKeystoreFile(fresh, '{"version":3}');
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
    expect(readFileSync(fresh, 'utf8')).toBe('{"version":3}');

    const existing = join(scratch, 'existing.json');
    writeFileSync(existing, 'old');
    chmodSync(existing, 0o644);
    await writeKeystoreFile(existing, '{"version":3,"id":"new"}');
    expect(statSync(existing).mode & 0o777).toBe(0o600);
    expect(readFileSync(existing, 'utf8')).toBe('{"version":3,"id":"new"}');
  });

  it('leaves no partial file when the write fails', async () => {
    const target = join(scratch, 'no-such-folder', 'k.json');
    await expect(writeKeystoreFile(target, '{}')).rejects.toThrow(/ENOENT/);
    expect(readdirSync(scratch).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
