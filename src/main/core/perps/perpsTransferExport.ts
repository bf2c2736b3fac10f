/**
 * Exports an account's filtered perps transfers from the store to CSV or JSON, streamed to the
 * file as a job by the same exporter as the activity export (portfolio/fileExport.ts). Labels and
 * account names are free text, so CSV neutralises a leading formula character.
 */
import type { ExportResult } from '../../../shared/portfolioViews';
import type { PerpsTransferFilter, PerpsTransferView } from '../../../shared/perpsViews';
import { walletKey } from '../history/historyStore';
import { csvField } from '../portfolio/exportFormats';
import type { FileExport } from '../portfolio/fileExport';
import type { PerpsContext } from './perpsContext';
import { toTransferView } from './perpsHistoryViews';

const COLUMNS = ['transfer_id', 'time_utc', 'created_ms', 'direction', 'asset', 'amount', 'amount_units', 'counterparty', 'counterparty_account', 'label'] as const;

/** Labels and account names are free text: a spreadsheet must not run them as formulas. */
const FREE_TEXT: ReadonlySet<string> = new Set(['label', 'counterparty_account']);

function csvRow(v: PerpsTransferView): string {
  const values: Record<(typeof COLUMNS)[number], string | number | null> = {
    transfer_id: v.transferId, time_utc: new Date(v.createdAt).toISOString(), created_ms: v.createdAt, direction: v.direction, asset: v.asset,
    amount: v.amount, amount_units: v.amountUnits, counterparty: v.counterparty, counterparty_account: v.counterpartyAccountLabel, label: v.label,
  };
  return `${COLUMNS.map((c) => csvField(values[c], c, FREE_TEXT)).join(',')}\r\n`;
}

export class PerpsTransferExport {
  constructor(private readonly context: PerpsContext, private readonly files: FileExport) {}

  export(accountId: string, filter: PerpsTransferFilter, format: 'csv' | 'json', jobId?: string): Promise<ExportResult> {
    const account = this.context.registry.get(accountId);
    const key = walletKey(account.address);
    const { context } = this;
    return this.files.export(`perps-transfers-${account.address.slice(0, 10).toLowerCase()}`, format, jobId, () => {
      function* rows() {
        let index = 0;
        for (const stored of context.store.perpsTransfers.stream(key, filter)) {
          const view = toTransferView(context, stored);
          yield format === 'csv' ? csvRow(view) : `${index++ === 0 ? '' : ',\n'}${JSON.stringify(view)}`;
        }
      }
      return {
        header: format === 'csv' ? `${COLUMNS.join(',')}\r\n` : '[\n',
        footer: format === 'csv' ? '' : '\n]\n',
        total: context.store.perpsTransfers.countMatching(key, filter),
        rows: rows(),
      };
    });
  }
}
