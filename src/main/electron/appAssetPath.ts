/**
 * Maps an `app://marketdesk/…` request to a file inside the built renderer, as a pure function so
 * the traversal rules are unit-tested. The protocol handler reads files with main's privileges,
 * so an unchecked path here is a read-any-file primitive for whatever runs in the renderer.
 */
import { extname, isAbsolute, resolve, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './windowPolicy';

export type AppAssetResolution =
  | { ok: true; filePath: string }
  | { ok: false; reason: string };

const refuse = (reason: string): AppAssetResolution => ({ ok: false, reason });

/**
 * Resolves `requestUrl` against `rendererDir` (an absolute directory). Refuses other origins,
 * undecodable escapes, `..` segments (raw or percent-encoded: the URL parser folds `/../` but
 * not `..%2f`), backslashes, NUL bytes, drive letters and anything that still lands outside the
 * directory after resolution.
 */
export function resolveAppAssetPath(rendererDir: string, requestUrl: string): AppAssetResolution {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return refuse('not a URL');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port !== '') {
    return refuse('not the app origin');
  }
  if (url.username !== '' || url.password !== '') return refuse('credentials in URL');

  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return refuse('malformed percent-encoding');
  }
  if (decoded.includes('\0')) return refuse('NUL byte in path');
  // Backslashes are separators on Windows: `..\\..\\` must not slip past the segment check.
  if (decoded.includes('\\')) return refuse('backslash in path');

  const relative = decoded.replace(/^\/+/, '') || 'index.html';
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    return refuse('dot segment in path');
  }
  // `C:/Windows/…` or a UNC-like start would make resolve() ignore rendererDir.
  if (isAbsolute(relative) || /^[A-Za-z]:/.test(relative)) return refuse('absolute path');

  const root = resolve(rendererDir);
  const filePath = resolve(root, relative);
  if (!filePath.startsWith(root + sep)) return refuse('outside the renderer directory');
  return { ok: true, filePath };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** An explicit type for every file we serve; with `nosniff` the browser will not guess. */
export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}
