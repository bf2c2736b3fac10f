/**
 * The fault admin routes, answered by every one of the four servers (the rules are shared, so any
 * server's port will do). They run after http/adminGuard.ts (loopback peer and Host, no Origin,
 * JSON bodies only) and outside the edge windows, like every `/sandbox/` route.
 *
 *   GET    /sandbox/faults                 → {rules: [...], routes: [{service, method, path, requests, faulted, byKind, limited}]}
 *   POST   /sandbox/faults/rules {service?, method?, pathPattern, kind, variant?, retryAfterSeconds?,
 *          delayMs?, stallMs?, status?, count | probability}        → 201 {rule}
 *   DELETE /sandbox/faults/rules            → {removed}   every rule
 *   DELETE /sandbox/faults/rules/<id>       → {removed}   one rule (404 when there is none)
 *   POST   /sandbox/faults/counters/reset   → {reset: true}
 * Kind `message` (order book only) answers one of the spec's messages named by `variant`
 * (faults/messageFaults.ts): order variants act inside POST /order and /orders, request variants
 * (`api-keys`, `delete-api-key`, `internal-error`) answer the request.
 * (`POST /sandbox/faults {orderTimeouts}` on the order-book server is the trading half's own fault.)
 */
import { parseJson } from '../http/body';
import { ok, reply, type Reply } from '../http/reply';
import type { FaultInjector } from './faultInjector';

const RULES = '/sandbox/faults/rules';

export const isFaultAdminPath = (path: string): boolean =>
  path === '/sandbox/faults' || path === RULES || path.startsWith(`${RULES}/`) || path === '/sandbox/faults/counters/reset';

/** The answer to a fault admin request, or null when the path/method is not one of these routes. */
export function faultAdminReply(faults: FaultInjector, method: string, path: string, bodyText: string): Reply | null {
  if (path === '/sandbox/faults') return method === 'GET' ? ok(faults.snapshot()) : null;
  if (path === '/sandbox/faults/counters/reset') {
    if (method !== 'POST') return reply(405, { error: 'use POST' }, { allow: 'POST' });
    faults.resetCounters();
    return ok({ reset: true });
  }
  if (path === RULES) {
    if (method === 'DELETE') return ok({ removed: faults.remove() });
    if (method !== 'POST') return reply(405, { error: 'use POST or DELETE' }, { allow: 'POST, DELETE' });
    const body = parseJson(bodyText);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return reply(400, { error: 'invalid body: a JSON object is required' });
    const rule = faults.add(body as Record<string, unknown>);
    return typeof rule === 'string' ? reply(400, { error: `invalid fault rule: ${rule}` }) : reply(201, { rule });
  }
  const idText = path.slice(RULES.length + 1);
  if (method !== 'DELETE') return reply(405, { error: 'use DELETE' }, { allow: 'DELETE' });
  if (!/^[1-9]\d{0,8}$/.test(idText)) return reply(400, { error: 'invalid rule id' });
  const removed = faults.remove(Number(idText));
  return removed === 0 ? reply(404, { error: 'no such rule: not found' }) : ok({ removed });
}
