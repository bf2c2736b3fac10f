/**
 * Browser mode's download of an activity export: `GET /downloads/<token>` with this run's
 * session cookie hands the file over once (Content-Disposition: attachment), then the core
 * deletes it. Without the cookie it is refused before the token is even looked at, so a page of
 * another origin or another local user cannot fetch, or burn, someone's export.
 */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '../core/coreApi';
import { BASE_SECURITY_HEADERS, plainTextHeaders } from './securityHeaders';

export const DOWNLOADS_PREFIX = '/downloads/';

/** `filename` as ASCII with quotes and separators replaced, plus the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\/;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function serveExportDownload(
  core: Core,
  pathname: string,
  request: IncomingMessage,
  response: ServerResponse,
  hasSession: boolean,
): void {
  // HEAD would hand the one use over without the bytes.
  if (request.method !== 'GET') return void response.writeHead(405, plainTextHeaders({ allow: 'GET' })).end('Downloads are fetched with GET.');
  if (!hasSession) return void response.writeHead(401, plainTextHeaders()).end('Sign in first: downloads need this run\'s session.');
  const token = pathname.slice(DOWNLOADS_PREFIX.length);
  const download = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? (core.takeDownload?.(token) ?? null) : null;
  if (!download) return void response.writeHead(404, plainTextHeaders()).end('This download was already fetched or has expired.');
  let size: number;
  try {
    size = statSync(download.path).size;
  } catch {
    download.done();
    return void response.writeHead(404, plainTextHeaders()).end('This download is no longer on disk.');
  }
  response.writeHead(200, {
    ...BASE_SECURITY_HEADERS,
    'content-type': download.contentType,
    'content-length': String(size),
    'content-disposition': contentDisposition(download.fileName),
  });
  const file = createReadStream(download.path);
  file.on('error', () => response.destroy());
  // One use: the file goes whether the transfer finished or the browser went away.
  response.on('close', () => download.done());
  file.pipe(response);
}
