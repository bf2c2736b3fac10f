/**
 * The identifiers the analytics routes take: wallet addresses (never a protocol contract),
 * 0x condition ids (at most 20 distinct), catalog event ids and order-book token ids.
 */
import { MAX_CONDITION_IDS } from '../../shared/protocol/analytics';
import { invalid } from './errors';
import type { QueryParams } from './params';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;
export const CONDITION_ALIASES = ['condition_id', 'conditionId'] as const;

/** `user`: required, an EVM address, and not one of the network profile's contracts. */
export function readUser(params: QueryParams, contracts: ReadonlySet<string>): string {
  const raw = params.required('user');
  if (!ADDRESS.test(raw)) throw invalid('user', `user must be a 0x-prefixed 20-byte hex address (got '${raw}')`);
  const user = raw.toLowerCase();
  if (contracts.has(user)) {
    throw invalid('user', `user ${raw} is a protocol contract address, not a wallet: pass the proxy wallet`);
  }
  return user;
}

/** `condition` (aliases `condition_id`, `conditionId`): distinct lower-case ids, or undefined. */
export function readConditions(params: QueryParams): string[] | undefined {
  const items = params.list('condition', CONDITION_ALIASES);
  if (items === undefined) return undefined;
  const out = new Set<string>();
  for (const item of items) {
    if (!CONDITION_ID.test(item)) throw invalid('condition', `malformed condition id '${item}': expected 0x followed by 64 hex digits`);
    out.add(item.toLowerCase());
  }
  if (out.size > MAX_CONDITION_IDS) {
    throw invalid('condition', `at most ${MAX_CONDITION_IDS} distinct condition ids per request (got ${out.size})`);
  }
  return [...out];
}

/** `event_id`: comma-separated catalog event ids (decimal). */
export function readEventIds(params: QueryParams): string[] | undefined {
  const items = params.list('event_id');
  if (items === undefined) return undefined;
  for (const item of items) {
    if (!/^\d{1,18}$/.test(item)) throw invalid('event_id', `malformed event id '${item}': expected a catalog event id (digits)`);
  }
  return [...new Set(items)];
}

/** `condition` and `event_id` name markets two ways; the spec makes them exclusive. */
export function readMarketFilter(params: QueryParams): { conditions?: string[]; eventIds?: string[] } {
  const conditions = readConditions(params);
  const eventIds = readEventIds(params);
  if (conditions && eventIds) throw invalid('event_id', 'event_id and condition are mutually exclusive: send one of them');
  return { ...(conditions ? { conditions } : {}), ...(eventIds ? { eventIds } : {}) };
}

export function readTokenId(params: QueryParams, required: boolean): string | undefined {
  const raw = required ? params.required('token_id') : params.string('token_id');
  if (raw === undefined) return undefined;
  if (!/^\d{1,80}$/.test(raw.trim())) throw invalid('token_id', `malformed token id '${raw}': expected the order-book asset id (digits)`);
  return raw.trim();
}

export const isAddress = (value: string): boolean => ADDRESS.test(value);
