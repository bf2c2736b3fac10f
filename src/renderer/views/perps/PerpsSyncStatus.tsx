/**
 * What the local history store holds of one perps history (transfers or funding) and the Sync
 * button: main walks the exchange's list (`more`, newest first) as a job with progress and Cancel.
 */
import type { PerpsHistorySyncState } from '../../../shared/perpsViews';
import type { BridgeError } from '../../../shared/result';
import { ActionError } from '../../components/ActionError';
import { JobProgressBar } from '../../components/JobProgressBar';
import { useNow } from '../../hooks/useNow';
import { formatAgo, formatNumber } from '../../lib/format';

interface PerpsSyncStatusProps {
  what: string;
  sync: PerpsHistorySyncState | null;
  jobId: string | null;
  error: BridgeError | null;
  disabled?: boolean;
  onSync: (full: boolean) => void;
  onCancel: () => void;
  testId: string;
}

export function PerpsSyncStatus({ what, sync, jobId, error, disabled = false, onSync, onCancel, testId }: PerpsSyncStatusProps) {
  const now = useNow(10_000, sync?.lastSyncedAt != null);
  return (
    <div className="act-sync" data-testid={testId} data-rows={sync?.rows ?? ''} data-complete={sync?.complete ?? ''}>
      <span className="act-sync-facts">
        {sync === null ? (
          <span className="muted">Reading the local store…</span>
        ) : (
          <>
            <span className="num" data-testid={`${testId}-rows`}>
              {formatNumber(sync.rows)}
            </span>{' '}
            {sync.rows === 1 ? what.replace(/s$/, '') : what} stored · {sync.complete ? <span className="tone-bid">complete</span> : <span className="tone-warn">partial</span>} ·{' '}
            <span className="muted">{sync.lastSyncedAt === null ? 'never synced' : `synced ${formatAgo(now - sync.lastSyncedAt)}`}</span>
          </>
        )}
      </span>
      {jobId ? (
        <JobProgressBar jobId={jobId} label={`Syncing ${what}`} onCancel={onCancel} testId={`${testId}-progress`} />
      ) : (
        <span className="act-sync-actions">
          <button type="button" className="button" disabled={disabled} onClick={() => onSync(false)} data-testid={`${testId}-button`} title="Fetch entries newer than the newest stored one (the first time: all of them)">
            Sync
          </button>
          {sync && !sync.complete && sync.rows > 0 ? (
            <button type="button" className="button" disabled={disabled} onClick={() => onSync(true)} data-testid={`${testId}-full`} title="Walk down to the oldest entry">
              Complete history
            </button>
          ) : null}
        </span>
      )}
      <ActionError error={error} testId={`${testId}-error`} />
    </div>
  );
}
