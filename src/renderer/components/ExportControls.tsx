/**
 * Export of a filtered table to CSV or JSON, streamed to disk by main as a job with progress and
 * Cancel. On the desktop main asks where to save and we show the path; in browser mode the result
 * is a one-use download path on this same origin, which we follow with an <a download>.
 * Test ids are `<testPrefix>-csv`, `-json`, `-progress`, `-result`, `-path`, `-file`, `-error`.
 */
import { useEffect, useRef } from 'react';
import type { ExportResult } from '../../shared/portfolioViews';
import type { BridgeError } from '../../shared/result';
import { startDownload } from '../lib/exportDownload';
import { ActionError } from './ActionError';
import { JobProgressBar } from './JobProgressBar';
import { formatBytes, formatNumber } from '../lib/format';

type ExportFormat = 'csv' | 'json';

interface ExportControlsProps {
  testPrefix: string;
  /** Rows the current filter matches; null while unknown. */
  total: number | null;
  enabled: boolean;
  jobId: string | null;
  result: ExportResult | null;
  error: BridgeError | null;
  onStart: (format: ExportFormat) => void;
  onCancel: () => void;
}

export function ExportControls({ testPrefix, total, enabled, jobId, result, error, onStart, onCancel }: ExportControlsProps) {
  const expected = useRef<number | null>(null);
  const downloaded = useRef<ExportResult | null>(null);

  // Each result downloads once, when it arrives (not again when the view is reopened).
  useEffect(() => {
    if (result && downloaded.current !== result && result.downloadPath) {
      downloaded.current = result;
      startDownload(result);
    }
  }, [result]);

  const run = (format: ExportFormat) => {
    expected.current = total;
    downloaded.current = null;
    onStart(format);
  };

  return (
    <div className="act-export" data-testid={testPrefix}>
      {jobId ? (
        <JobProgressBar jobId={jobId} label="Exporting" expectedRows={expected.current} onCancel={onCancel} testId={`${testPrefix}-progress`} />
      ) : (
        <>
          <span className="muted">Export {total === null ? '' : `${formatNumber(total)} `}filtered rows</span>
          {(['csv', 'json'] as const).map((format) => (
            <button key={format} type="button" className="button button-small" disabled={!enabled || !total} onClick={() => run(format)} data-testid={`${testPrefix}-${format}`}>
              {format.toUpperCase()}
            </button>
          ))}
        </>
      )}
      {result ? (
        <span className="act-export-result" role="status" data-testid={`${testPrefix}-result`} data-rows={result.rows}>
          {formatNumber(result.rows)} rows, {formatBytes(result.bytes)}

          {result.path ? (
            <>
              {' '}saved to <code data-testid={`${testPrefix}-path`}>{result.path}</code>
            </>
          ) : result.downloadPath ? (
            // The download path works once: the browser has it; a second link would only fail.
            <> · downloaded as <code data-testid={`${testPrefix}-file`}>{result.fileName}</code></>
          ) : null}
        </span>
      ) : null}
      <ActionError error={error} testId={`${testPrefix}-error`} />
    </div>
  );
}
