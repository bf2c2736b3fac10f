/** A sync the disk refused (full, read-only): said under the sync facts, counting down to the next try. */
import { useNow } from '../../hooks/useNow';
import type { HistoryStorageRetry } from '../../../shared/portfolioViews';
import { syncRetryText } from './syncRetryText';

export function SyncRetryNote({ retry }: { retry: HistoryStorageRetry }) {
  const now = useNow(1_000, retry.nextRetryAt !== null);
  return (
    <div className="act-sync-retry tone-warn" role="status" data-testid="activity-sync-retry">
      {syncRetryText(retry, now)}
    </div>
  );
}
