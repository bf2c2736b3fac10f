/**
 * Export of the filtered history to CSV or JSON, streamed to disk by main as a job with progress
 * and Cancel. On the desktop main asks where to save and we show the path; in browser mode the
 * result is a one-use download path on this same origin, which we follow with an <a download>.
 */
import { useEffect, useRef } from 'react';
import type { ExportResult } from '../../../shared/portfolioViews';
import { ActionError } from '../../components/ActionError';
import { JobProgressBar } from '../../components/JobProgressBar';
import { kilobytes, startDownload } from '../../lib/exportDownload';
import { useActivityStore, type ExportFormat } from '../../stores/activityStore';

export function ExportPanel() {
  const address = useActivityStore((s) => s.address);
  const total = useActivityStore((s) => s.total);
  const jobId = useActivityStore((s) => s.exportJobId);
  const result = useActivityStore((s) => s.exportResult);
  const error = useActivityStore((s) => s.exportError);
  const startExport = useActivityStore((s) => s.startExport);
  const cancelExport = useActivityStore((s) => s.cancelExport);
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
    void startExport(format);
  };

  return (
    <div className="act-export" data-testid="activity-export">
      {jobId ? (
        <JobProgressBar jobId={jobId} label="Exporting" expectedRows={expected.current} onCancel={() => void cancelExport()} testId="activity-export-progress" />
      ) : (
        <>
          <span className="muted">Export {total === null ? '' : `${total.toLocaleString('en-US')} `}filtered rows</span>
          <button type="button" className="button button-small" disabled={!address || !total} onClick={() => run('csv')} data-testid="activity-export-csv">
            CSV
          </button>
          <button type="button" className="button button-small" disabled={!address || !total} onClick={() => run('json')} data-testid="activity-export-json">
            JSON
          </button>
        </>
      )}
      {result ? (
        <span className="act-export-result" role="status" data-testid="activity-export-result" data-rows={result.rows}>
          {result.rows.toLocaleString('en-US')} rows, {kilobytes(result.bytes)}
          {result.path ? (
            <>
              {' '}saved to <code data-testid="activity-export-path">{result.path}</code>
            </>
          ) : result.downloadPath ? (
            // The download path works once: the browser has it; a second link would only fail.
            <> · downloaded as <code data-testid="activity-export-file">{result.fileName}</code></>
          ) : null}
        </span>
      ) : null}
      <ActionError error={error} testId="activity-export-error" />
    </div>
  );
}
