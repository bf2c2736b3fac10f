/** The row checks of every analytics route (src/shared/protocol/analytics.ts shapes). */
import type {
  ActivityRow, ApprovalRow, BiggestWinnerRow, BuilderLeaderboardRow, BuilderVolumeRow, ClosedPositionRow, ComboActivityRow,
  HolderRow, LeaderboardRow, OpenInterestRow, PositionRow, PricePointRow, TradeRow,
} from '../../../shared/protocol/analytics';
import { rowCheck } from './responseChecks';

const market = { condition_id: 'string', token_id: 'string', market_id: 'string', event_slug: 'string', title: 'string', outcome: 'string', outcome_index: 'number' } as const;

export const activityRow = rowCheck<ActivityRow>({
  proxy_wallet: 'string', type: 'string', block_timestamp: 'number', sequence_id: 'number', transaction_hash: 'string',
  condition_id: 'string?', token_id: 'string?', title: 'string?', outcome: 'string?', outcome_index: 'number?', event_slug: 'string?',
  side: 'string?', size: 'number?', price: 'number?', size_usdc: 'number?', counterparty: 'string?',
});
export const comboActivityRow = rowCheck<ComboActivityRow>({
  proxy_wallet: 'string', combo_condition_id: 'string', type: 'string', block_number: 'number', log_index: 'number',
  block_timestamp: 'number', transaction_hash: 'string', title: 'string', legs: 'array', size: 'number?', size_usdc: 'number?',
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
  ...market, proxy_wallet: 'string', side: 'string', role: 'string', size: 'number', price: 'number', size_usdc: 'number',
  block_timestamp: 'number', sequence_id: 'number', transaction_hash: 'string',
});
export const leaderboardRow = rowCheck<LeaderboardRow>({ rank: 'number', proxy_wallet: 'string', user_name: 'string?', volume_usdc: 'number', pnl_usdc: 'number' });
export const openInterestRow = rowCheck<OpenInterestRow>({ condition_id: 'string', value: 'number', value_usdc: 'number?' });
export const pricePointRow = rowCheck<PricePointRow>({ t: 'number', p: 'number' });
export const holderRow = rowCheck<HolderRow>({ token_id: 'string', proxy_wallet: 'string', outcome_index: 'number', amount: 'number' });
