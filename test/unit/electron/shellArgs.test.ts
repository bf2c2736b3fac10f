// `npm start -- --data-dir X` means the same in the desktop app as in browser mode.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseShellArgs } from '../../../src/main/electron/shellArgs';

describe('parseShellArgs', () => {
  it('reads --data-dir in both spellings, resolved against the working directory', () => {
    expect(parseShellArgs(['--data-dir=/data/md'], '/w')).toEqual({ dataDir: '/data/md' });
    expect(parseShellArgs(['--port', '0', '--data-dir', 'rel/dir', '--no-open'], '/w')).toEqual({ dataDir: resolve('/w', 'rel/dir') });
  });

  it('ignores browser-only flags and everything Electron or Chromium add', () => {
    expect(parseShellArgs(['/app', '--no-sandbox', '--inspect=0', '--port=8080', '--no-open'], '/w')).toEqual({});
  });

  it('falls back to the default rather than using an empty or flag-looking value', () => {
    expect(parseShellArgs(['--data-dir='], '/w')).toEqual({});
    expect(parseShellArgs(['--data-dir', '--no-open'], '/w')).toEqual({});
    expect(parseShellArgs(['--data-dir'], '/w')).toEqual({});
  });
});
