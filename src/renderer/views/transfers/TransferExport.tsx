/** Export of the filtered transfer history to CSV or JSON: a job in main with progress and Cancel. */
import { useEffect, useRef } from 'react';
import type { ExportResult } from '../../../shared/portfolioViews';
import { ActionError } from '../../components/ActionError';
import { JobProgressBar } from '../../components/JobProgressBar';
import { kilobytes, startDownload } from '../../lib/exportDownload';
import { useTransfersStore } from '../../stores/transfersStore';

export function TransferExport() {
  const accountId = useTransfersStore((s) => s.accountId);
  const total = useTransfersStore((s) => s.total);
  const jobId = useTransfersStore((s) => s.exportJobId);
  const result = useTransfersStore((s) => s.exportResult);
  const error = useTransfersStore((s) => s.exportError);
  const startExport = useTransfersStore((s) => s.startExport);
  const cancelExport = useTransfersStore((s) => s.cancelExport);
  const downloaded = useRef<ExportResult | null>(null);

  // Each result downloads once, when it arrives.
  useEffect(() => {
    if (result && downloaded.current !== result && result.downloadPath) {
      downloaded.current = result;
      startDownload(result);
    }
  }, [result]);

  return (
    <div className="act-export" data-testid="transfer-export">
      {jobId ? (
        <JobProgressBar jobId={jobId} label="Exporting" expectedRows={total} onCancel={() => void cancelExport()} testId="transfer-export-progress" />
      ) : (
        <>
          <span className="muted">Export {total === null ? '' : `${total.toLocaleString('en-US')} `}filtered rows</span>
          {(['csv', 'json'] as const).map((format) => (
            <button key={format} type="button" className="button button-small" disabled={!accountId || !total} onClick={() => void startExport(format)} data-testid={`transfer-export-${format}`}>
              {format.toUpperCase()}
            </button>
          ))}
        </>
      )}
      {result ? (
        <span className="act-export-result" role="status" data-testid="transfer-export-result" data-rows={result.rows}>
          {result.rows.toLocaleString('en-US')} rows, {kilobytes(result.bytes)}
          {result.path ? <> saved to <code>{result.path}</code></> : result.downloadPath ? <> · downloaded as <code>{result.fileName}</code></> : null}
        </span>
      ) : null}
      <ActionError error={error} testId="transfer-export-error" />
    </div>
  );
}
