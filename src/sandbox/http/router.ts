/** A small exact-segment router: `/events/:id/tags` style patterns, no regexes, no framework. */
import type { FaultRule } from '../faults/faultRule';
import type { Reply } from './reply';

export interface RequestContext {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** The raw request body (empty for GET); handlers parse it themselves. */
  body: string;
  /** The body's exact bytes, for signatures that must cover what was sent (L2 HMAC). */
  rawBody: Uint8Array;
  /** Request headers, names lower-cased by Node; read them with `headerOf`. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  remoteAddress: string;
  /** Aborted when the client goes away before it is answered (absent outside the HTTP server). */
  signal?: AbortSignal;
  /** A fault rule the route itself carries out (the `message` kind's order variants). */
  fault?: FaultRule;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'none' };

const split = (path: string) => path.split('/').slice(1);

export class Router {
  private readonly routes: Route[] = [];

  on(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: split(pattern), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const segments = split(path);
    const allow: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', handler: route.handler, params };
      allow.push(route.method);
    }
    return allow.length > 0 ? { kind: 'wrong-method', allow } : { kind: 'none' };
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const want = pattern[i] as string;
    const got = actual[i] as string;
    if (want.startsWith(':')) {
      if (got === '') return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}
