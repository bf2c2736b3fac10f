/**
 * The `app://marketdesk` origin that serves the built renderer in production. A real origin
 * (rather than `file://`) gives the page a stable identity for the sender check and the CSP, and
 * keeps it from reading arbitrary local files the way `file://` pages can.
 */
import { protocol, type Session } from 'electron';
import { readFile } from 'node:fs/promises';
import { contentTypeFor, resolveAppAssetPath } from './appAssetPath';
import { APP_SCHEME, contentSecurityPolicy } from './windowPolicy';

/** Must run before `app.ready`: privileges can only be granted at startup. */
export function registerAppSchemeAsPrivileged(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // standard: real origin and relative-URL resolution; secure: treated like https.
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

type ResponseBody = ConstructorParameters<typeof Response>[0];

/** Every response carries the CSP and nosniff, errors included. */
function respond(status: number, body: ResponseBody, contentType: string): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': contentType,
      'content-security-policy': contentSecurityPolicy(),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    },
  });
}

export function serveRendererFromAppScheme(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return respond(405, null, 'text/plain; charset=utf-8');
    }
    const resolved = resolveAppAssetPath(rendererDir, request.url);
    if (!resolved.ok) return respond(404, 'Not found', 'text/plain; charset=utf-8');
    try {
      const body = await readFile(resolved.filePath);
      return respond(200, request.method === 'HEAD' ? null : body, contentTypeFor(resolved.filePath));
    } catch {
      return respond(404, 'Not found', 'text/plain; charset=utf-8');
    }
  });
}
