/**
 * The combo positions of every wallet a Portfolio target covers, read from
 * `/v2/positions/combos` (newest change first). A wallet's combos are few next to its positions,
 * so one read walks them all, up to a bound that keeps one call's cost known: past it the view
 * says it is not complete.
 */
import type { ComboPositionsView, ComboStatusFilter } from '../../../shared/marketDataViews';
import type { WalletRef } from '../../../shared/portfolioViews';
import type { AnalyticsClient } from '../analytics/analyticsClient';
import { toComboPositionView } from './marketViews';

export const COMBO_PAGE_ROWS = 1_000;
/** 5,000 combos per wallet: the whale of the sandbox holds 1,000. */
export const COMBO_PAGES_PER_WALLET = 5;

export async function comboPositionsOf(client: AnalyticsClient, wallets: readonly WalletRef[], status: ComboStatusFilter): Promise<ComboPositionsView> {
  const rows: ComboPositionsView['rows'] = [];
  let complete = true;
  for (const wallet of wallets) {
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.comboPositions(wallet.address.toLowerCase(), status, { cursor, limit: COMBO_PAGE_ROWS });
      rows.push(...page.rows.map(toComboPositionView));
      cursor = page.pagination.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < COMBO_PAGES_PER_WALLET);
    if (cursor !== null) complete = false;
  }
  // Several wallets: one list, newest change first, as each wallet's own pages come.
  if (wallets.length > 1) rows.sort((a, b) => b.updatedAt - a.updatedAt || a.comboConditionId.localeCompare(b.comboConditionId));
  return { rows, complete };
}
