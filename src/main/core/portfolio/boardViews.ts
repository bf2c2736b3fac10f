/** Combo activity, approvals and the boards: the service's rows onto the view types, nothing more. */
import type {
  ApprovalRow, BiggestWinnerRow, BuilderLeaderboardRow, BuilderVolumeRow, ComboActivityRow,
} from '../../../shared/protocol/analytics';
import type { ApprovalView, BuilderRankView, BuilderVolumeBucketView, ComboActivityView, WinnerView } from '../../../shared/portfolioViews';
import { decimalOrNull, microToDecimal, toMicro } from './money';

const decimal = (value: number) => microToDecimal(toMicro(value));

export const toComboActivityView = (row: ComboActivityRow): ComboActivityView => ({
  key: `${row.block_number}:${row.log_index}`,
  comboConditionId: row.combo_condition_id,
  type: row.type,
  timestamp: row.block_timestamp,
  title: row.title,
  legs: row.legs.map((leg) => ({ conditionId: leg.condition_id, title: leg.title, outcome: leg.outcome })),
  size: decimalOrNull(row.size),
  usdcSize: decimalOrNull(row.size_usdc),
  transactionHash: row.transaction_hash,
});

export const toApprovalView = (row: ApprovalRow): ApprovalView => ({
  token: row.token,
  tokenSymbol: row.token_symbol,
  tokenStandard: row.token_standard,
  operator: row.operator,
  operatorName: row.operator_name,
  approved: row.approved,
  allowance: decimalOrNull(row.allowance_usdc),
  updatedAt: row.updated_at,
});

/** Combo rows have no event to link to: their slug is null, whatever the service sent. */
export const toWinnerView = (row: BiggestWinnerRow): WinnerView => ({
  kind: row.kind,
  wallet: row.proxy_wallet,
  userName: row.user_name,
  conditionId: row.condition_id,
  eventSlug: row.kind === 'combo' || row.event_slug === '' ? null : row.event_slug,
  eventId: row.kind === 'combo' || row.event_id === 0 ? null : String(row.event_id),
  title: row.title,
  outcome: row.outcome,
  category: row.category,
  initialValue: decimal(row.initial_value),
  finalValue: decimal(row.final_value),
  pnl: decimal(row.pnl),
  resolvedAt: row.resolved_at,
});

export const toBuilderRankView = (row: BuilderLeaderboardRow | BuilderVolumeRow): BuilderRankView => ({
  rank: row.rank,
  builder: row.builder,
  builderCode: row.builder_code,
  volume: decimal(row.volume),
  activeUsers: row.active_users,
});

/** Rows arrive newest bucket first, ranked within each bucket; grouped here in that order. */
export function toBuilderVolumeBuckets(rows: readonly BuilderVolumeRow[]): BuilderVolumeBucketView[] {
  const buckets: BuilderVolumeBucketView[] = [];
  for (const row of rows) {
    let bucket = buckets[buckets.length - 1];
    if (!bucket || bucket.bucketStart !== row.bucket_start) {
      bucket = buckets.find((b) => b.bucketStart === row.bucket_start);
      if (!bucket) buckets.push((bucket = { bucketStart: row.bucket_start, rows: [] }));
    }
    bucket.rows.push(toBuilderRankView(row));
  }
  for (const bucket of buckets) bucket.rows.sort((a, b) => a.rank - b.rank);
  return buckets;
}
