/**
 * What the renderer sees of the analytics routes that describe one market (open interest, top
 * holders, its trades) and of the boards and combo positions added beside the older views.
 * Amounts are exact decimal strings (null where the service could not say, never "0"); moments
 * are unix seconds as the service sends them.
 */
import type { BoardPeriod } from './protocol/analytics';

/** `/v2/oi` for one market: the complete sets outstanding, in shares and in USD. */
export interface OpenInterestView {
  conditionId: string;
  shares: string;
  /** Null when the service could not price it. */
  usd: string | null;
  /** When main read it (ms), so the panel can say how fresh it is. */
  readAt: number;
}

/** One row of `/v2/holders` for one outcome token, largest first. */
export interface HolderView {
  rank: number;
  wallet: string;
  tokenId: string;
  outcomeIndex: number;
  shares: string;
}

/** The top holders of one outcome token, and when main read them. */
export interface OutcomeHoldersView {
  tokenId: string;
  holders: HolderView[];
  /** More holders exist past the ones listed. */
  more: boolean;
  readAt: number;
}

/** One fill of a market's feed (`/v2/trades?condition=`), newest first. */
export interface MarketTradeView {
  /** Unique within the feed: the fill's transaction, wallet, sequence and side. */
  key: string;
  wallet: string;
  side: 'BUY' | 'SELL';
  role: 'maker' | 'taker';
  tokenId: string;
  /** Null when the service could not label it (its `outcome_index` is then 999). */
  outcome: string | null;
  outcomeIndex: number;
  size: string;
  price: string | null;
  usdcSize: string | null;
  timestamp: number;
  transactionHash: string;
}

export type LeaderboardOrder = 'pnl' | 'volume';

/** `/v2/leaderboard`: one trader's place in a period, by P&L or by volume. */
export interface TraderRankView {
  rank: number;
  wallet: string;
  userName: string | null;
  volume: string;
  pnl: string;
}

export type ComboStatus = 'open' | 'closed' | 'redeemed';
export type ComboStatusFilter = 'all' | ComboStatus;

/** `/v2/positions/combos`: one combo position of one wallet. */
export interface ComboPositionView {
  wallet: string;
  comboConditionId: string;
  title: string;
  legs: Array<{ conditionId: string; title: string; outcome: string }>;
  status: ComboStatus;
  /** Net shares; null when a step's size was unavailable. */
  size: string | null;
  /** USD paid in over the combo's life; null when a step's amount was unavailable. */
  cost: string | null;
  openedAt: number;
  updatedAt: number;
}

export interface ComboPositionsView {
  rows: ComboPositionView[];
  /** False when a wallet held more combos than one read walks (the rows are its newest). */
  complete: boolean;
}

/** A category the biggest-winners board accepts: the service's own three, then the catalog's. */
export interface BoardCategoryView {
  slug: string;
  label: string;
  source: 'service' | 'catalog';
}

/** The categories the spec gives the board itself; the rest are the catalog's market categories. */
export const SERVICE_BOARD_CATEGORIES: readonly BoardCategoryView[] = [
  { slug: 'overall', label: 'Overall', source: 'service' },
  { slug: 'combos', label: 'Combos', source: 'service' },
  { slug: 'esports', label: 'Esports', source: 'service' },
];

export type { BoardPeriod };
