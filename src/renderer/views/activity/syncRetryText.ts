/** The Activity view's words for a sync the disk refused: the refusal, then when it tries again by itself. */
import { formatNumber } from '../../lib/format';
import type { HistoryStorageRetry } from '../../../shared/portfolioViews';

export function syncRetryText(retry: HistoryStorageRetry, now: number): string {
  const tries = `try ${formatNumber(retry.attempt)} of ${formatNumber(retry.maxAttempts)}`;
  if (retry.nextRetryAt === null) {
    return `${retry.problem} The sync stopped trying by itself after ${formatNumber(retry.maxAttempts)} tries; press Sync once there is room.`;
  }
  const seconds = Math.max(0, Math.ceil((retry.nextRetryAt - now) / 1000));
  return seconds > 0
    ? `${retry.problem} The sync tries again by itself in ${formatNumber(seconds)} s (${tries}).`
    : `${retry.problem} The sync is trying again (${tries})…`;
}
