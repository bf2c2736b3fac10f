/** The row checks of every analytics route (src/shared/protocol/analytics.ts shapes). */
import type {
  ActivityRow, ApprovalRow, BiggestWinnerRow, BuilderLeaderboardRow, BuilderVolumeRow, ClosedPositionRow, ComboActivityRow, ComboPositionRow,
  HolderRow, LeaderboardRow, OpenInterestRow, PositionRow, PricePointRow, TradeRow,
} from '../../../shared/protocol/analytics';
import { fieldAllows, rowCheck, type RowCheck } from './responseChecks';

const market = { condition_id: 'string', token_id: 'string', market_id: 'string', event_slug: 'string', title: 'string', outcome: 'string', outcome_index: 'number' } as const;

export const activityFields = {
  proxy_wallet: 'string', type: 'string', block_timestamp: 'number', sequence_id: 'number', transaction_hash: 'string',
  condition_id: 'string?', token_id: 'string?', title: 'string?', outcome: 'string?', outcome_index: 'number?', event_slug: 'string?',
  side: 'string?', size: 'number?', price: 'number?', size_usdc: 'number?', counterparty: 'string?',
} as const;
const { string: text, number: finite, 'string?': textOrNull, 'number?': finiteOrNull } = fieldAllows;
/**
 * `rowCheck(activityFields)` written out (a test holds the two to the same answers, field by
 * field): a history walk checks every row of a quarter-million-row wallet, and the table's loop,
 * one property read by a name that changes at every step, cost four to five times as much: about
 * 1 ms per 1,000 rows, a seventh of what the walk spent beyond the bare fetch loop (profiled).
 */
export const activityRow: RowCheck<ActivityRow> = (r): r is Record<string, unknown> & ActivityRow =>
  text(r.proxy_wallet) && text(r.type) && finite(r.block_timestamp) && finite(r.sequence_id) && text(r.transaction_hash) &&
  textOrNull(r.condition_id) && textOrNull(r.token_id) && textOrNull(r.title) && textOrNull(r.outcome) && finiteOrNull(r.outcome_index) &&
  textOrNull(r.event_slug) && textOrNull(r.side) && finiteOrNull(r.size) && finiteOrNull(r.price) && finiteOrNull(r.size_usdc) &&
  textOrNull(r.counterparty);
export const comboActivityRow = rowCheck<ComboActivityRow>({
  proxy_wallet: 'string', combo_condition_id: 'string', type: 'string', block_number: 'number', log_index: 'number',
  block_timestamp: 'number', transaction_hash: 'string', title: 'string', legs: 'array', size: 'number?', size_usdc: 'number?',
});
export const comboPositionRow = rowCheck<ComboPositionRow>({
  proxy_wallet: 'string', combo_condition_id: 'string', title: 'string', legs: 'array', status: 'string', size: 'number?', cost_usdc: 'number?',
  opened_at: 'number', updated_at: 'number',
});
export const approvalRow = rowCheck<ApprovalRow>({
  token: 'string', token_symbol: 'string', token_standard: 'string', operator: 'string', operator_name: 'string',
  approved: 'boolean', allowance_usdc: 'number?', updated_at: 'number?',
});
export const winnerRow = rowCheck<BiggestWinnerRow>({
  kind: 'string', proxy_wallet: 'string', user_name: 'string?', condition_id: 'string', event_id: 'number', event_slug: 'string',
  title: 'string', outcome: 'string?', category: 'string', initial_value: 'number', final_value: 'number', pnl: 'number', resolved_at: 'number',
});
export const builderRankRow = rowCheck<BuilderLeaderboardRow>({ rank: 'number', builder: 'string', builder_code: 'string', volume: 'number', active_users: 'number' });
export const builderVolumeRow = rowCheck<BuilderVolumeRow>({
  bucket_start: 'number', rank: 'number', builder: 'string', builder_code: 'string', volume: 'number', active_users: 'number',
});
export const positionRow = rowCheck<PositionRow>({
  ...market, proxy_wallet: 'string', event_id: 'string?', size: 'number', avg_price: 'number?', initial_value: 'number?', current_value: 'number?',
  cash_pnl: 'number?', percent_pnl: 'number?', realized_pnl: 'number?', cur_price: 'number?', redeemable: 'boolean', tradable: 'boolean', end_date: 'string?',
});
export const closedPositionRow = rowCheck<ClosedPositionRow>({
  ...market, proxy_wallet: 'string', avg_price: 'number?', total_bought: 'number', realized_pnl: 'number?', cur_price: 'number?', closed_at: 'number',
});
export const tradeRow = rowCheck<TradeRow>({
  ...market, outcome: 'string?', proxy_wallet: 'string', side: 'string', role: 'string', size: 'number', price: 'number?', size_usdc: 'number?',
  block_timestamp: 'number', sequence_id: 'number', transaction_hash: 'string',
});
export const leaderboardRow = rowCheck<LeaderboardRow>({ rank: 'number', proxy_wallet: 'string', user_name: 'string?', volume_usdc: 'number', pnl_usdc: 'number' });
export const openInterestRow = rowCheck<OpenInterestRow>({ condition_id: 'string', value: 'number', value_usdc: 'number?' });
export const pricePointRow = rowCheck<PricePointRow>({ t: 'number', p: 'number' });
export const holderRow = rowCheck<HolderRow>({ token_id: 'string', proxy_wallet: 'string', outcome_index: 'number', amount: 'number' });
