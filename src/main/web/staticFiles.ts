/**
 * Serves the built renderer. Paths are resolved inside the renderer directory only: an
 * unchecked path would be a way to read any file the user can.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { ServerResponse } from 'node:http';
import { BASE_SECURITY_HEADERS } from './securityHeaders';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * The same policy as the Electron window, plus the bridge socket of THIS run only: any other
 * port on loopback (another local service, another host) is out of the page's reach.
 */
export function browserModeCsp(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Maps a URL path to a file inside `root`, or null when it would escape it. */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = resolve(root, relative);
  const rootWithSep = root.endsWith(sep) ? root : root + sep;
  return full.startsWith(rootWithSep) ? full : null;
}

export async function serveStatic(root: string, urlPath: string, response: ServerResponse, port: number): Promise<void> {
  const file = resolveStaticPath(root, urlPath);
  const headers = { ...BASE_SECURITY_HEADERS, 'content-security-policy': browserModeCsp(port) };
  if (!file) {
    response.writeHead(400, { ...headers, 'content-type': 'text/plain' }).end('Bad path');
    return;
  }
  try {
    const body = await readFile(file);
    response
      .writeHead(200, { ...headers, 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' })
      .end(body);
  } catch {
    response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('Not found');
  }
}
