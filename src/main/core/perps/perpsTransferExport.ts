/**
 * Exports an account's filtered perps transfers from the store to CSV or JSON as a job, streamed
 * row by row with backpressure, through the same save dialog / one-use download as the activity
 * export (portfolio/exportDownloads.ts). Written as `.partial` and renamed when complete; a cancel
 * or failure removes the partial file.
 */
import { createWriteStream, renameSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { basename } from 'node:path';
import type { ExportResult } from '../../../shared/portfolioViews';
import type { PerpsTransferFilter, PerpsTransferView } from '../../../shared/perpsViews';
import { CoreError } from '../coreError';
import { walletKey } from '../history/historyStore';
import type { SaveDialogPort } from '../portfolio/activityExport';
import type { ExportDownloads } from '../portfolio/exportDownloads';
import { csvField } from '../portfolio/exportFormats';
import type { PerpsContext } from './perpsContext';
import { toTransferView } from './perpsHistoryViews';

const COLUMNS = ['transfer_id', 'time_utc', 'created_ms', 'direction', 'asset', 'amount', 'amount_units', 'counterparty', 'counterparty_account', 'label'] as const;
const FLUSH_BYTES = 64 * 1024;
const PROGRESS_EVERY_ROWS = 2_000;

function csvRow(v: PerpsTransferView): string {
  const values: Record<(typeof COLUMNS)[number], string | number | null> = {
    transfer_id: v.transferId, time_utc: new Date(v.createdAt).toISOString(), created_ms: v.createdAt, direction: v.direction, asset: v.asset,
    amount: v.amount, amount_units: v.amountUnits, counterparty: v.counterparty, counterparty_account: v.counterpartyAccountLabel, label: v.label,
  };
  // Labels and account names are free text: a spreadsheet must not run them as formulas.
  return `${COLUMNS.map((c) => (c === 'label' || c === 'counterparty_account' ? csvField(neutralised(values[c]), c) : csvField(values[c], c))).join(',')}\r\n`;
}

const neutralised = (value: string | number | null) => (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

async function writeChunk(stream: WriteStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

export class PerpsTransferExport {
  constructor(
    private readonly context: PerpsContext,
    private readonly downloads: ExportDownloads,
    private readonly saveDialog?: SaveDialogPort,
  ) {}

  async export(accountId: string, filter: PerpsTransferFilter, format: 'csv' | 'json', jobId?: string): Promise<ExportResult> {
    const account = this.context.registry.get(accountId);
    const stamp = new Date(this.context.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const suggestedName = `marketdesk-perps-transfers-${account.address.slice(0, 10).toLowerCase()}-${stamp}.${format}`;
    const chosen = this.saveDialog ? await this.saveDialog({ suggestedName, format }) : null;
    if (this.saveDialog && chosen === null) throw new CoreError('cancelled', 'The export was cancelled in the save dialog.');
    const path = chosen ?? this.downloads.newFilePath(format);
    const fileName = chosen ? basename(chosen) : suggestedName;
    const { rows, bytes } = await this.context.jobs.run('export', jobId, ({ signal, progress }) =>
      this.write(walletKey(account.address), filter, format, path, signal, progress),
    );
    if (chosen) return { rows, bytes, path: chosen, downloadPath: null, fileName };
    const contentType = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8';
    return { rows, bytes, path: null, downloadPath: this.downloads.offer({ path, fileName, contentType }), fileName };
  }

  private async write(
    key: string,
    filter: PerpsTransferFilter,
    format: 'csv' | 'json',
    path: string,
    signal: AbortSignal,
    progress: (rows: number, pages: number, expectedPages?: number, fraction?: number) => void,
  ): Promise<{ rows: number; bytes: number }> {
    const total = this.context.store.perpsTransfers.countMatching(key, filter);
    const partial = `${path}.partial`;
    const stream = createWriteStream(partial, { mode: 0o600, flags: 'w' });
    let rows = 0;
    try {
      let buffer = format === 'csv' ? `${COLUMNS.join(',')}\r\n` : '[\n';
      for (const stored of this.context.store.perpsTransfers.stream(key, filter)) {
        const view = toTransferView(this.context, stored);
        buffer += format === 'csv' ? csvRow(view) : `${rows === 0 ? '' : ',\n'}${JSON.stringify(view)}`;
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
      await writeChunk(stream, buffer + (format === 'csv' ? '' : '\n]\n'));
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
