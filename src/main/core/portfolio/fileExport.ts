/**
 * Writes an export to a file as a job: encoded rows are pulled one at a time (off a SQLite
 * statement) and written through a file stream that is allowed to drain (backpressure), so memory
 * stays flat whatever the row count. The file is written as `<name>.partial` and renamed when
 * complete; a cancel or failure removes the partial file. Where the file goes: a save dialog on
 * the desktop (the shell's port), or the data folder's exports/ and a one-use download on the web
 * host in browser mode. The activity and the perps transfer exports both go through here.
 * A full disk or a read-only folder fails the export with a StorageFault naming the folder; the
 * partial file goes, and a stream error never escapes as an unhandled event.
 */
import { createWriteStream, renameSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { basename, dirname } from 'node:path';
import type { ExportResult } from '../../../shared/portfolioViews';
import { CoreError } from '../coreError';
import { storageFault } from '../dataFolder/storageFaults';
import type { JobRunner } from '../trading/jobs';
import type { ExportDownloads } from './exportDownloads';
import type { ExportFormat } from './exportFormats';

/** Asks the user where to save (desktop); null when the dialog was dismissed. */
export type SaveDialogPort = (request: { suggestedName: string; format: ExportFormat }) => Promise<string | null>;

export interface FileExportOptions {
  jobs: JobRunner;
  downloads: ExportDownloads;
  saveDialog?: SaveDialogPort;
  now?: () => number;
}

/** One export's content: the file's header and footer, and its rows already encoded. */
export interface EncodedRows {
  header: string;
  footer: string;
  /** How many rows `rows` will yield, for the progress fraction. */
  total: number;
  rows: Iterable<string>;
}

const FLUSH_BYTES = 64 * 1024;
const PROGRESS_EVERY_ROWS = 2_000;

async function writeChunk(stream: WriteStream, chunk: string): Promise<void> {
  if (stream.errored) throw stream.errored;
  if (!stream.write(chunk)) await once(stream, 'drain');
}

type Progress = (rows: number, pages: number, expectedPages?: number, fraction?: number) => void;

export class FileExport {
  constructor(private readonly options: FileExportOptions) {}

  /** `name` starts the suggested file name (`marketdesk-<name>-<UTC stamp>.<format>`). */
  async export(name: string, format: ExportFormat, jobId: string | undefined, encode: () => EncodedRows): Promise<ExportResult> {
    const stamp = new Date((this.options.now ?? Date.now)()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const suggestedName = `marketdesk-${name}-${stamp}.${format}`;
    const chosen = this.options.saveDialog ? await this.options.saveDialog({ suggestedName, format }) : null;
    if (this.options.saveDialog && chosen === null) throw new CoreError('cancelled', 'The export was cancelled in the save dialog.');
    // Browser mode writes under the data folder (and says so); a chosen file names its own folder.
    const place = chosen ? { folder: dirname(chosen), isDataFolder: false } : { folder: dirname(this.options.downloads.dir) };
    const refused = (error: unknown) => storageFault(error, 'the export', place) ?? error;
    let path: string;
    try {
      path = chosen ?? this.options.downloads.newFilePath(format);
    } catch (error) {
      throw refused(error);
    }
    const fileName = chosen ? basename(chosen) : suggestedName;

    const { rows, bytes } = await this.options.jobs.run('export', jobId, async ({ signal, progress }) => {
      try {
        return await write(path, encode(), signal, progress);
      } catch (error) {
        throw refused(error);
      }
    });
    if (chosen) return { rows, bytes, path: chosen, downloadPath: null, fileName };
    const contentType = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8';
    return { rows, bytes, path: null, downloadPath: this.options.downloads.offer({ path, fileName, contentType }), fileName };
  }
}

async function write(path: string, encoded: EncodedRows, signal: AbortSignal, progress: Progress): Promise<{ rows: number; bytes: number }> {
  const { total } = encoded;
  const partial = `${path}.partial`;
  const stream = createWriteStream(partial, { mode: 0o600, flags: 'w' });
  // A failed write (a full disk) is read from `stream.errored` and the awaits below; without a
  // listener, an error between them would end the process.
  stream.on('error', () => undefined);
  let rows = 0;
  try {
    let buffer = encoded.header;
    for (const row of encoded.rows) {
      buffer += row;
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
    await writeChunk(stream, buffer + encoded.footer);
    stream.end();
    await finished(stream);
    renameSync(partial, path);
    progress(rows, Math.ceil(rows / PROGRESS_EVERY_ROWS), undefined, 1);
    return { rows, bytes: statSync(path).size };
  } catch (error) {
    stream.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}
