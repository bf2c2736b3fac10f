/** Activity rows between the wire (`ActivityRow`), the store's columns and the view (`ActivityRowView`). */
import type { ActivityRow, ActivityType } from '../../../shared/protocol/analytics';
import type { ActivityRowView } from '../../../shared/portfolioViews';

/** Column order of INSERTs and SELECTs alike. */
export const ACTIVITY_COLUMNS = [
  'wallet', 'ts', 'seq', 'type', 'block_number', 'log_index', 'tx', 'condition_id', 'market_id', 'event_id', 'event_slug',
  'title', 'outcome', 'outcome_index', 'token_id', 'side', 'size', 'price', 'size_usdc', 'counterparty',
] as const;

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

/** The values of one wire row in column order; the wallet is the store's lower-case key. */
export function activityValues(wallet: string, row: ActivityRow): Array<string | number | null> {
  return [
    wallet, row.block_timestamp, row.sequence_id, row.type, orNull(row.block_number), orNull(row.log_index), row.transaction_hash,
    row.condition_id ? row.condition_id.toLowerCase() : null, orNull(row.market_id), orNull(row.event_id), orNull(row.event_slug), orNull(row.title), orNull(row.outcome),
    orNull(row.outcome_index), orNull(row.token_id), orNull(row.side), orNull(row.size), orNull(row.price), orNull(row.size_usdc),
    orNull(row.counterparty),
  ];
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
