// The app:// resolver runs with main's file access, so every way out of out/renderer is refused.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeFor, resolveAppAssetPath } from '../../../src/main/electron/appAssetPath';

const root = resolve('/srv/marketdesk/out/renderer');
const resolved = (url: string) => resolveAppAssetPath(root, url);

describe('resolveAppAssetPath', () => {
  it('maps app URLs to files inside the renderer directory', () => {
    expect(resolved('app://marketdesk/index.html')).toEqual({ ok: true, filePath: resolve(root, 'index.html') });
    expect(resolved('app://marketdesk/assets/index-abc.js?v=1#x')).toEqual({ ok: true, filePath: resolve(root, 'assets/index-abc.js') });
    expect(resolved('app://marketdesk/assets/My%20Font.woff2')).toEqual({ ok: true, filePath: resolve(root, 'assets/My Font.woff2') });
  });

  it('serves index.html for the bare origin', () => {
    expect(resolved('app://marketdesk/')).toEqual({ ok: true, filePath: resolve(root, 'index.html') });
    expect(resolved('app://marketdesk')).toEqual({ ok: true, filePath: resolve(root, 'index.html') });
  });

  it('refuses .. traversal, raw or percent-encoded', () => {
    for (const url of [
      'app://marketdesk/..%2f..%2fetc/passwd',
      'app://marketdesk/assets/..%2F..%2F..%2Fetc%2Fpasswd',
      'app://marketdesk/%2e%2e%2f%2e%2e%2fetc/passwd',
      'app://marketdesk/%252e%252e/x/../..%2fsecret', // double-encoded then single-decoded
      'app://marketdesk/..%5c..%5cwindows%5cwin.ini',
      'app://marketdesk/assets%5c..%5c..%5csecret',
    ]) {
      const result = resolved(url);
      expect(result.ok, url).toBe(false);
    }
  });

  it('keeps URL-parser-folded dot segments inside the root', () => {
    // The URL parser folds `/../` and `/%2e%2e/` before we see them; the result must stay inside.
    for (const url of ['app://marketdesk/../../etc/passwd', 'app://marketdesk/%2e%2e/%2e%2e/etc/passwd']) {
      const result = resolved(url);
      expect(result.ok && result.filePath.startsWith(root), url).toBe(true);
    }
  });

  it('refuses absolute and drive-letter paths', () => {
    expect(resolved('app://marketdesk/C:/Windows/win.ini').ok).toBe(false);
    expect(resolved('app://marketdesk/c%3A%5CWindows%5Cwin.ini').ok).toBe(false);
    const doubleSlash = resolved('app://marketdesk//etc/passwd');
    expect(doubleSlash.ok && doubleSlash.filePath).toBe(resolve(root, 'etc/passwd'));
  });

  it('refuses NUL bytes and malformed escapes', () => {
    expect(resolved('app://marketdesk/index.html%00.png').ok).toBe(false);
    expect(resolved('app://marketdesk/%E0%A4%A').ok).toBe(false);
  });

  it('refuses other origins, credentials and ports', () => {
    for (const url of [
      'app://evil/index.html',
      'app://marketdesk.evil/index.html',
      'app://x@marketdesk/index.html',
      'app://marketdesk:81/index.html',
      'file:///srv/marketdesk/out/renderer/index.html',
      'https://marketdesk/index.html',
      'not a url',
    ]) {
      expect(resolved(url).ok, url).toBe(false);
    }
  });
});

describe('contentTypeFor', () => {
  it('names the type of everything the renderer build emits', () => {
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/x/a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('/x/a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('/x/a.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('/x/a.woff2')).toBe('font/woff2');
    expect(contentTypeFor('/x/unknown.bin')).toBe('application/octet-stream');
  });
});
