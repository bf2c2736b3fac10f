/**
 * Exports a wallet's filtered history from the store to CSV or JSON as a job: rows are read one
 * at a time off the SQLite statement and written through a file stream that is allowed to drain
 * (backpressure), so memory stays flat whatever the row count. The file is written as
 * `<name>.partial` and renamed when complete; a cancel or failure removes the partial file.
 * Where the file goes: a save dialog on the desktop (the shell's port), or the data folder's
 * exports/ and a one-use download on the web host in browser mode.
 */
import { createWriteStream, renameSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { basename } from 'node:path';
import type { ActivityFilter, ExportResult } from '../../../shared/portfolioViews';
import { CoreError } from '../coreError';
import { toActivityRowView } from '../history/activityRows';
import { walletKey, type HistoryStore } from '../history/historyStore';
import type { JobRunner } from '../trading/jobs';
import type { ExportDownloads } from './exportDownloads';
import { encoderFor, type ExportFormat } from './exportFormats';

/** Asks the user where to save (desktop); null when the dialog was dismissed. */
export type SaveDialogPort = (request: { suggestedName: string; format: ExportFormat }) => Promise<string | null>;

export interface ActivityExportOptions {
  store: HistoryStore;
  jobs: JobRunner;
  downloads: ExportDownloads;
  saveDialog?: SaveDialogPort;
  now?: () => number;
}

const FLUSH_BYTES = 64 * 1024;
const PROGRESS_EVERY_ROWS = 2_000;

async function writeChunk(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export class ActivityExport {
  constructor(private readonly options: ActivityExportOptions) {}

  async export(address: string, filter: ActivityFilter, format: ExportFormat, jobId?: string): Promise<ExportResult> {
    const wallet = walletKey(address);
    const stamp = new Date((this.options.now ?? Date.now)()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const suggestedName = `marketdesk-activity-${wallet.slice(0, 10)}-${stamp}.${format}`;
    const chosen = this.options.saveDialog ? await this.options.saveDialog({ suggestedName, format }) : null;
    if (this.options.saveDialog && chosen === null) throw new CoreError('cancelled', 'The export was cancelled in the save dialog.');
    const path = chosen ?? this.options.downloads.newFilePath(format);
    const fileName = chosen ? basename(chosen) : suggestedName;

    const { rows, bytes } = await this.options.jobs.run('export', jobId, ({ signal, progress }) =>
      this.write(wallet, filter, format, path, signal, progress),
    );
    if (chosen) return { rows, bytes, path: chosen, downloadPath: null, fileName };
    const contentType = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8';
    return { rows, bytes, path: null, downloadPath: this.options.downloads.offer({ path, fileName, contentType }), fileName };
  }

  private async write(
    wallet: string,
    filter: ActivityFilter,
    format: ExportFormat,
    path: string,
    signal: AbortSignal,
    progress: (rows: number, pages: number, expectedPages?: number, fraction?: number) => void,
  ): Promise<{ rows: number; bytes: number }> {
    const total = this.options.store.activity.countMatching(wallet, filter);
    const encoder = encoderFor(format);
    const partial = `${path}.partial`;
    const stream = createWriteStream(partial, { mode: 0o600, flags: 'w' });
    let rows = 0;
    try {
      let buffer = encoder.header;
      for (const stored of this.options.store.activity.stream(wallet, filter)) {
        buffer += encoder.row(toActivityRowView(stored), rows);
        rows += 1;
        if (buffer.length >= FLUSH_BYTES) {
          await writeChunk(stream, buffer);
          buffer = '';
        }
        if (rows % PROGRESS_EVERY_ROWS === 0) {
          if (signal.aborted) throw new CoreError('cancelled', `The export was cancelled after ${rows} of ${total} rows; no file was kept.`);
          progress(rows, Math.ceil(rows / PROGRESS_EVERY_ROWS), undefined, total > 0 ? rows / total : undefined);
        }
      }
      await writeChunk(stream, buffer + encoder.footer);
      stream.end();
      await once(stream, 'finish');
      renameSync(partial, path);
      progress(rows, Math.ceil(rows / PROGRESS_EVERY_ROWS), undefined, 1);
      return { rows, bytes: statSync(path).size };
    } catch (error) {
      stream.destroy();
      rmSync(partial, { force: true });
      throw error;
    }
  }
}
