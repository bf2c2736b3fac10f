/** Activity rows between the wire (`ActivityRow`), the store's columns and the view (`ActivityRowView`). */
import type { ActivityRow, ActivityType } from '../../../shared/protocol/analytics';
import type { ActivityRowView } from '../../../shared/portfolioViews';

/** Columns of an activity row as stored (the market fields are in `markets`: activityRefs.ts). */
export const ACTIVITY_INSERT_COLUMNS = [
  'wallet_id', 'ts', 'seq', 'type', 'block_number', 'log_index', 'tx', 'market_ref', 'side', 'size', 'price', 'size_usdc', 'counterparty',
] as const;

/**
 * What a read selects, as `StoredActivity` (the wallet is added by the reader, which knows it):
 * over `activity a LEFT JOIN markets m ON m.id = a.market_ref`.
 */
export const ACTIVITY_SELECT = [
  'a.ts', 'a.seq', 'a.type', 'a.block_number', 'a.log_index', 'a.tx', 'm.condition_id', 'm.market_id', 'm.event_id', 'm.event_slug',
  'm.title', 'm.outcome', 'm.outcome_index', 'm.token_id', 'a.side', 'a.size', 'a.price', 'a.size_usdc', 'a.counterparty',
].join(', ');
export const ACTIVITY_FROM = 'activity a LEFT JOIN markets m ON m.id = a.market_ref';

export interface StoredActivity {
  wallet: string;
  ts: number;
  seq: number;
  type: string;
  block_number: number | null;
  log_index: number | null;
  tx: string;
  condition_id: string | null;
  market_id: string | null;
  event_id: string | null;
  event_slug: string | null;
  title: string | null;
  outcome: string | null;
  outcome_index: number | null;
  token_id: string | null;
  side: string | null;
  size: number | null;
  price: number | null;
  size_usdc: number | null;
  counterparty: string | null;
}

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

export type SqlValue = string | number | null;

/**
 * Writes the values of one wire row, in `ACTIVITY_INSERT_COLUMNS` order, into `into` from index
 * `at` (a multi-row statement's parameters are one array, filled in place: no array per row).
 */
export function writeActivityValues(into: SqlValue[], at: number, walletId: number, marketRef: number | null, row: ActivityRow): void {
  into[at] = walletId;
  into[at + 1] = row.block_timestamp;
  into[at + 2] = row.sequence_id;
  into[at + 3] = row.type;
  into[at + 4] = orNull(row.block_number);
  into[at + 5] = orNull(row.log_index);
  into[at + 6] = row.transaction_hash;
  into[at + 7] = marketRef;
  into[at + 8] = orNull(row.side);
  into[at + 9] = orNull(row.size);
  into[at + 10] = orNull(row.price);
  into[at + 11] = orNull(row.size_usdc);
  into[at + 12] = orNull(row.counterparty);
}

/** Amounts go to the renderer as decimal strings, as on the trading side; null stays null. */
const decimal = (value: number | null): string | null => (value === null ? null : String(value));

export function toActivityRowView(row: StoredActivity): ActivityRowView {
  return {
    key: `${row.ts}:${row.seq}`,
    wallet: row.wallet,
    type: row.type as ActivityType,
    timestamp: row.ts,
    title: row.title,
    outcome: row.outcome,
    outcomeIndex: row.outcome_index,
    side: row.side as ActivityRowView['side'],
    size: decimal(row.size),
    price: decimal(row.price),
    usdcSize: decimal(row.size_usdc),
    conditionId: row.condition_id,
    eventSlug: row.event_slug,
    tokenId: row.token_id,
    transactionHash: row.tx,
    counterparty: row.counterparty,
  };
}
