/** Export of the filtered activity history (ExportControls does the work). */
import { ExportControls } from '../../components/ExportControls';
import { useActivityStore } from '../../stores/activityStore';

export function ExportPanel() {
  const address = useActivityStore((s) => s.address);
  const total = useActivityStore((s) => s.total);
  const jobId = useActivityStore((s) => s.exportJobId);
  const result = useActivityStore((s) => s.exportResult);
  const error = useActivityStore((s) => s.exportError);
  const startExport = useActivityStore((s) => s.startExport);
  const cancelExport = useActivityStore((s) => s.cancelExport);
  return (
    <ExportControls
      testPrefix="activity-export" total={total} enabled={Boolean(address)} jobId={jobId} result={result} error={error}
      onStart={(format) => void startExport(format)} onCancel={() => void cancelExport()}
    />
  );
}
