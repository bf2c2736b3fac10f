/** Open interest, holders, a market's trades, the traders' board and combo positions: rows onto views. */
import type { ComboPositionRow, HolderRow, LeaderboardRow, OpenInterestRow, TradeRow } from '../../../shared/protocol/analytics';
import type { ComboPositionView, HolderView, MarketTradeView, OpenInterestView, TraderRankView } from '../../../shared/marketDataViews';
import { decimalOrNull, microToDecimal, toMicro } from './money';

const decimal = (value: number) => microToDecimal(toMicro(value));

export const toOpenInterestView = (row: OpenInterestRow, readAt: number): OpenInterestView => ({
  conditionId: row.condition_id,
  shares: decimal(row.value),
  usd: decimalOrNull(row.value_usdc),
  readAt,
});

/** The service's order (largest first) is the ranking. */
export const toHolderView = (row: HolderRow, index: number): HolderView => ({
  rank: index + 1,
  wallet: row.proxy_wallet,
  tokenId: row.token_id,
  outcomeIndex: row.outcome_index,
  shares: decimal(row.amount),
});

export const toMarketTradeView = (row: TradeRow): MarketTradeView => ({
  key: `${row.transaction_hash}:${row.proxy_wallet}:${row.sequence_id}:${row.side}`,
  wallet: row.proxy_wallet,
  side: row.side,
  role: row.role,
  tokenId: row.token_id,
  outcome: row.outcome,
  outcomeIndex: row.outcome_index,
  size: decimal(row.size),
  price: decimalOrNull(row.price),
  usdcSize: decimalOrNull(row.size_usdc),
  timestamp: row.block_timestamp,
  transactionHash: row.transaction_hash,
});

export const toTraderRankView = (row: LeaderboardRow): TraderRankView => ({
  rank: row.rank,
  wallet: row.proxy_wallet,
  userName: row.user_name,
  volume: decimal(row.volume_usdc),
  pnl: decimal(row.pnl_usdc),
});

export const toComboPositionView = (row: ComboPositionRow): ComboPositionView => ({
  wallet: row.proxy_wallet,
  comboConditionId: row.combo_condition_id,
  title: row.title,
  legs: row.legs.map((leg) => ({ conditionId: leg.condition_id, title: leg.title, outcome: leg.outcome })),
  status: row.status,
  size: decimalOrNull(row.size),
  cost: decimalOrNull(row.cost_usdc),
  openedAt: row.opened_at,
  updatedAt: row.updated_at,
});
