/**
 * The export's file formats, one row at a time. Both carry exactly the fields of the Activity
 * table's rows (ActivityRowView), so a file matches what the view shows. CSV follows RFC 4180
 * (fields with a comma, quote or line break are quoted, quotes doubled); free-text fields that a
 * spreadsheet would run as a formula (leading `=`, `+`, `-`, `@`) get a leading apostrophe.
 */
import type { ActivityRowView } from '../../../shared/portfolioViews';

export type ExportFormat = 'csv' | 'json';

export const CSV_COLUMNS = [
  'key', 'timestamp', 'time_utc', 'type', 'side', 'title', 'outcome', 'outcome_index', 'size', 'price', 'usdc_size',
  'condition_id', 'event_slug', 'token_id', 'transaction_hash', 'counterparty', 'wallet',
] as const;

const FREE_TEXT = new Set(['title', 'outcome', 'event_slug']);

/** One CSV cell; a free-text column (the activity's unless told) is neutralised against formulas. */
export function csvField(value: string | number | null, column: string, freeText: ReadonlySet<string> = FREE_TEXT): string {
  if (value === null) return '';
  let text = String(value);
  if (freeText.has(column) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvValues(row: ActivityRowView): Record<(typeof CSV_COLUMNS)[number], string | number | null> {
  return {
    key: row.key,
    timestamp: row.timestamp,
    time_utc: new Date(row.timestamp * 1000).toISOString(),
    type: row.type,
    side: row.side,
    title: row.title,
    outcome: row.outcome,
    outcome_index: row.outcomeIndex,
    size: row.size,
    price: row.price,
    usdc_size: row.usdcSize,
    condition_id: row.conditionId,
    event_slug: row.eventSlug,
    token_id: row.tokenId,
    transaction_hash: row.transactionHash,
    counterparty: row.counterparty,
    wallet: row.wallet,
  };
}

export interface RowEncoder {
  header: string;
  row(row: ActivityRowView, index: number): string;
  footer: string;
}

export function encoderFor(format: ExportFormat): RowEncoder {
  if (format === 'csv') {
    return {
      header: `${CSV_COLUMNS.join(',')}\r\n`,
      row: (row) => {
        const values = csvValues(row);
        return `${CSV_COLUMNS.map((column) => csvField(values[column], column)).join(',')}\r\n`;
      },
      footer: '',
    };
  }
  return {
    header: '[\n',
    row: (row, index) => `${index === 0 ? '' : ',\n'}${JSON.stringify(row)}`,
    footer: '\n]\n',
  };
}
