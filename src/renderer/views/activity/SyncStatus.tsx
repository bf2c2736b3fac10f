/**
 * What the local history store holds for the wallet (rows, whether the whole history is in, the
 * last sync) and the Sync button: newest rows first until a known one, or the full history; the
 * walk runs in main as a job with progress and Cancel, and resumes where it stopped; a sync the
 * disk refused says when it tries again by itself.
 */
import { ActionError } from '../../components/ActionError';
import { JobProgressBar } from '../../components/JobProgressBar';
import { SyncRetryNote } from './SyncRetryNote';
import { useNow } from '../../hooks/useNow';
import { formatAgo, formatDay, formatNumber } from '../../lib/format';
import { useActivityStore } from '../../stores/activityStore';
import { epochMs } from '../portfolio/money';

export function SyncStatus() {
  const sync = useActivityStore((s) => s.sync);
  const jobId = useActivityStore((s) => s.syncJobId);
  const error = useActivityStore((s) => s.syncError);
  const startSync = useActivityStore((s) => s.startSync);
  const cancelSync = useActivityStore((s) => s.cancelSync);
  const now = useNow(10_000, sync?.lastSyncedAt != null);

  return (
    <div className="act-sync" data-testid="activity-sync" data-complete={sync?.complete ?? ''} data-rows={sync?.rows ?? ''}>
      <span className="act-sync-facts">
        {sync === null ? (
          <span className="muted">Reading the local store…</span>
        ) : (
          <>
            <span className="num" data-testid="activity-sync-rows">{formatNumber(sync.rows)}</span> {sync.rows === 1 ? 'row' : 'rows'} stored ·{' '}
            {sync.complete ? <span className="tone-bid">complete</span> : <span className="tone-warn">partial</span>}
            {sync.oldestTs !== null && sync.newestTs !== null ? ` · ${formatDay(epochMs(sync.oldestTs))} – ${formatDay(epochMs(sync.newestTs))}` : ''} ·{' '}
            <span className="muted" data-testid="activity-last-synced">
              {sync.lastSyncedAt === null ? 'never synced' : `synced ${formatAgo(now - sync.lastSyncedAt)}`}
            </span>
          </>
        )}
      </span>
      {jobId ? (
        <JobProgressBar jobId={jobId} label="Syncing history" onCancel={() => void cancelSync()} testId="activity-sync-progress" />
      ) : (
        <span className="act-sync-actions">
          <button type="button" className="button" onClick={() => void startSync(false)} disabled={sync === null} data-testid="activity-sync-button" title="Fetch rows newer than the newest stored one (the first time: the whole history)">
            Sync
          </button>
          {sync && !sync.complete && sync.rows > 0 ? (
            <button type="button" className="button" onClick={() => void startSync(true)} data-testid="activity-sync-full" title="Walk down to the oldest row">
              Complete history
            </button>
          ) : null}
        </span>
      )}
      {sync?.storageRetry ? <SyncRetryNote retry={sync.storageRetry} /> : null}
      {/* A refused disk is said once, by the retry note. */}
      {error && !(error.code === 'storage' && sync?.storageRetry) ? <ActionError error={error} /> : null}
    </div>
  );
}
