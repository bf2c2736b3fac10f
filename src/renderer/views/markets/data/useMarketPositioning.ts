/**
 * Open interest and the top holders of each outcome of the market on screen, re-read every
 * minute while it is shown (both move only as positions change, and both are heavy queries for
 * the service) and at once on request. A new market drops what the old one held.
 */
import { useCallback, useState } from 'react';
import type { OpenInterestView, OutcomeHoldersView } from '../../../../shared/marketDataViews';
import type { BridgeError } from '../../../../shared/result';
import type { MarketSummary } from '../../../../shared/viewModels';
import { api } from '../../../bridge/api';
import { usePolling } from '../../../hooks/usePolling';

export const POSITIONING_REFRESH_MS = 60_000;
export const TOP_HOLDERS = 20;

export interface Positioning {
  conditionId: string;
  openInterest: OpenInterestView | null;
  holders: OutcomeHoldersView[];
  error: BridgeError | null;
  loading: boolean;
}

export function useMarketPositioning(market: MarketSummary): { positioning: Positioning | null; refresh: () => void } {
  const [state, setState] = useState<Positioning | null>(null);
  const conditionId = market.conditionId;
  const tokenIds = market.outcomes.map((o) => o.tokenId).join(',');
  const read = useCallback(async () => {
    setState((held) => (held?.conditionId === conditionId ? { ...held, loading: true } : { conditionId, openInterest: null, holders: [], error: null, loading: true }));
    const [oi, ...holders] = await Promise.all([
      api.getMarketOpenInterest({ conditionId }),
      ...tokenIds.split(',').filter(Boolean).map((tokenId) => api.listOutcomeHolders({ tokenId, limit: TOP_HOLDERS })),
    ]);
    setState((held) => {
      if (held?.conditionId !== conditionId) return held;
      const read = holders.flatMap((h) => (h.ok ? [h.value] : []));
      const failed = [oi!, ...holders].find((r) => !r.ok);
      return {
        conditionId,
        // What could not be read keeps its last answer, and the error says so.
        openInterest: oi!.ok ? oi!.value : held.openInterest,
        holders: read.length === holders.length ? read : held.holders,
        error: failed && !failed.ok ? failed.error : null,
        loading: false,
      };
    });
  }, [conditionId, tokenIds]);
  usePolling(`${conditionId}|${tokenIds}`, POSITIONING_REFRESH_MS, read, 'analytics');
  return { positioning: state?.conditionId === conditionId ? state : null, refresh: () => void read() };
}
