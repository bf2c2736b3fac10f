/** Reads one request header by name, case-insensitively (Node lower-cases incoming names). */
import type { RequestContext } from './router';

export type HeaderSource = Pick<RequestContext, 'headers'>;

/** The header's value, or undefined when absent (Node joins repeated custom headers with ", "). */
export function headerOf(ctx: HeaderSource, name: string): string | undefined {
  const value = ctx.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
