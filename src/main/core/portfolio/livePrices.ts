/**
 * Live midpoints of the open markets a portfolio holds, in batches of `POST /midpoints` (at most
 * 500 tokens each, the order-book service's batch limit) through the budget gate. A token whose
 * book has no two sides has no midpoint and keeps the analytics price.
 */
import { CLOB_BATCH_READ_MAX } from '../../../shared/protocol/clob';
import type { HttpClient } from '../net/httpClient';

export async function readMidpoints(http: HttpClient, tokenIds: readonly string[], signal?: AbortSignal): Promise<Map<string, number>> {
  const unique = [...new Set(tokenIds)];
  const mids = new Map<string, number>();
  for (let i = 0; i < unique.length; i += CLOB_BATCH_READ_MAX) {
    const batch = unique.slice(i, i + CLOB_BATCH_READ_MAX);
    const answer = await http.requestJson<unknown>({
      service: 'clob',
      method: 'POST',
      path: '/midpoints',
      bodyText: JSON.stringify(batch.map((token_id) => ({ token_id }))),
      ...(signal ? { signal } : {}),
    });
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) continue;
    for (const [tokenId, mid] of Object.entries(answer as Record<string, unknown>)) {
      const value = Number(mid);
      if (Number.isFinite(value) && value >= 0 && value <= 1) mids.set(tokenId, value);
    }
  }
  return mids;
}
