/**
 * A job main runs (a history sync, an export) while it runs: a bar (filled by rows out of the
 * expected total when one is known, else moving without a fill), rows (of the walk running, named
 * when a job walks several feeds), pages, the time spent waiting for the rate budget, the ETA, and Cancel.
 */
import { useMemo } from 'react';
import { selectJobProgress, useJobsStore } from '../stores/jobsStore';
import { formatDuration, formatNumber } from '../lib/format';

interface JobProgressBarProps {
  jobId: string;
  /** What runs, e.g. "Syncing history". */
  label: string;
  /** Rows expected in all, when known (an export of N filtered rows). */
  expectedRows?: number | null;
  onCancel: () => void;
  testId: string;
}

export function JobProgressBar({ jobId, label, expectedRows, onCancel, testId }: JobProgressBarProps) {
  const progress = useJobsStore(useMemo(() => selectJobProgress(jobId), [jobId]));
  const rows = progress?.rows ?? 0;
  const fraction = expectedRows && expectedRows > 0 ? Math.min(1, rows / expectedRows) : null;
  return (
    <div className="job-progress" role="status" data-testid={testId} data-rows={rows} data-pages={progress?.pages ?? 0}>
      <div
        className={fraction === null ? 'job-bar job-bar-indeterminate' : 'job-bar'}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={expectedRows ?? undefined}
        aria-valuenow={fraction === null ? undefined : rows}
      >
        <span className="job-bar-fill" style={fraction === null ? undefined : { width: `${fraction * 100}%` }} />
      </div>
      <span className="job-progress-text">
        {label}… <span className="num" data-testid={`${testId}-rows`}>{formatNumber(rows)}</span>
        {expectedRows ? <span className="num"> / {formatNumber(expectedRows)}</span> : null} {progress?.stage ? `${progress.stage} ` : ''}rows ·{' '}
        <span className="num">{formatNumber(progress?.pages ?? 0)}</span> pages
        {progress && progress.budgetWaitMs > 0 ? ` · waited ${formatDuration(progress.budgetWaitMs)} for the rate budget` : ''}
        {progress?.etaMs ? ` · about ${formatDuration(progress.etaMs)} left` : ''}
      </span>
      <button type="button" className="button button-small" onClick={onCancel} data-testid={`${testId}-cancel`}>
        Cancel
      </button>
    </div>
  );
}
