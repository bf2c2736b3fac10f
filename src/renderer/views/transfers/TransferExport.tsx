/** Export of the filtered transfer history (ExportControls does the work). */
import { ExportControls } from '../../components/ExportControls';
import { useTransfersStore } from '../../stores/transfersStore';

export function TransferExport() {
  const accountId = useTransfersStore((s) => s.accountId);
  const total = useTransfersStore((s) => s.total);
  const jobId = useTransfersStore((s) => s.exportJobId);
  const result = useTransfersStore((s) => s.exportResult);
  const error = useTransfersStore((s) => s.exportError);
  const startExport = useTransfersStore((s) => s.startExport);
  const cancelExport = useTransfersStore((s) => s.cancelExport);
  return (
    <ExportControls
      testPrefix="transfer-export" total={total} enabled={Boolean(accountId)} jobId={jobId} result={result} error={error}
      onStart={(format) => void startExport(format)} onCancel={() => void cancelExport()}
    />
  );
}
