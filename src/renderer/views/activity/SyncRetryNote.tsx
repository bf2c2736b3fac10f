/**
 * The last sync was refused by a full or read-only disk: the refusal as main said it, and when the
 * sync tries again by itself (or that it stopped trying), counting down.
 */
import { useNow } from '../../hooks/useNow';
import { formatNumber } from '../../lib/format';
import type { HistoryStorageRetry } from '../../../shared/portfolioViews';

export function SyncRetryNote({ retry }: { retry: HistoryStorageRetry }) {
  const now = useNow(1_000, retry.nextRetryAt !== null);
  const seconds = retry.nextRetryAt === null ? 0 : Math.max(0, Math.ceil((retry.nextRetryAt - now) / 1000));
  const tries = `try ${formatNumber(retry.attempt)} of ${formatNumber(retry.maxAttempts)}`;
  const next =
    retry.nextRetryAt === null
      ? `The sync stopped trying by itself after ${formatNumber(retry.maxAttempts)} tries; press Sync once there is room.`
      : seconds > 0
        ? `The sync tries again by itself in ${formatNumber(seconds)} s (${tries}).`
        : `The sync is trying again (${tries})…`;
  return (
    <div className="act-sync-retry tone-warn" role="status" data-testid="activity-sync-retry">
      {retry.problem} {next}
    </div>
  );
}
