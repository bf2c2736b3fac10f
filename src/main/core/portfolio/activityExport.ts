/**
 * Exports a wallet's filtered history from the store to CSV or JSON (fileExport.ts streams it to
 * the file as a job). The rows carry exactly the Activity table's fields (exportFormats.ts).
 */
import type { ActivityFilter, ExportResult } from '../../../shared/portfolioViews';
import { toActivityRowView } from '../history/activityRows';
import { walletKey, type HistoryStore } from '../history/historyStore';
import { encoderFor, type ExportFormat } from './exportFormats';
import type { FileExport } from './fileExport';

export class ActivityExport {
  constructor(private readonly store: HistoryStore, private readonly files: FileExport) {}

  export(address: string, filter: ActivityFilter, format: ExportFormat, jobId?: string): Promise<ExportResult> {
    const wallet = walletKey(address);
    const store = this.store;
    return this.files.export(`activity-${wallet.slice(0, 10)}`, format, jobId, () => {
      const encoder = encoderFor(format);
      function* rows() {
        let index = 0;
        for (const stored of store.activity.stream(wallet, filter)) yield encoder.row(toActivityRowView(stored), index++);
      }
      return { header: encoder.header, footer: encoder.footer, total: store.activity.countMatching(wallet, filter), rows: rows() };
    });
  }
}
