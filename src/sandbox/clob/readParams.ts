/**
 * Validation of order-book read inputs. A token id is a uint256 written in decimal; anything
 * else is "Invalid token id" (400), a well-formed id nobody issued is "No orderbook…" (404).
 * Batch bodies are `[{ token_id, side? }]`, at most CLOB_BATCH_READ_MAX items.
 */
import { CLOB_BATCH_READ_MAX, type ClobSide } from '../../shared/protocol/clob';
import { parseJson } from '../http/body';
import { CLOB_MESSAGES } from './clobErrors';

const DECIMAL_TOKEN = /^[0-9]{1,78}$/;

export function isTokenId(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_TOKEN.test(value);
}

export function isSide(value: unknown): value is ClobSide {
  return value === 'BUY' || value === 'SELL';
}

export interface BatchItem {
  tokenId: string;
  side: ClobSide | null;
}

export type BatchParse = { ok: true; items: BatchItem[] } | { ok: false; message: string };

/** `sideRequired` for POST /prices, where each item names the side it asks about. */
export function parseBatch(body: string, sideRequired: boolean): BatchParse {
  const parsed = parseJson(body);
  if (!Array.isArray(parsed)) return { ok: false, message: CLOB_MESSAGES.invalidPayload };
  if (parsed.length > CLOB_BATCH_READ_MAX) return { ok: false, message: CLOB_MESSAGES.payloadTooLarge };
  const items: BatchItem[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { ok: false, message: CLOB_MESSAGES.invalidPayload };
    const { token_id: tokenId, side } = item as Record<string, unknown>;
    if (!isTokenId(tokenId)) return { ok: false, message: CLOB_MESSAGES.invalidPayload };
    if (sideRequired && !isSide(side)) return { ok: false, message: CLOB_MESSAGES.invalidSide };
    // Other batch reads document `side` as unused, so a stray value there is ignored.
    items.push({ tokenId, side: sideRequired && isSide(side) ? side : null });
  }
  return { ok: true, items };
}
