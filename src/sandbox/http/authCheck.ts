/** What an auth helper gives a route: the caller's identity, or the error reply to send as is. */
import type { Reply } from './reply';

export type AuthCheck<T> = { ok: true; identity: T } | { ok: false; reply: Reply };
