/**
 * What the ticket and the confirmation add beside the amounts: the exchange's taker fee (from
 * `/fee-rate`) on what fills now, and a warning when the market's end date has passed. Main
 * computes both (exchangeFee.ts, marketLookup.ts); these are the words for them.
 */
import type { OrderPreview } from '../../../../shared/tradingViews';
import { formatDay, formatNumber, formatUsd } from '../../../lib/format';

/** The fee line: what fills now pays, and the rate; "not known" when the exchange did not say. */
export function feeText(preview: OrderPreview): string {
  const bps = preview.takerFeeBps;
  if (bps === undefined) return 'not known: the exchange did not give this market’s rate';
  if (bps === 0) return 'none (taker fee 0 bps)';
  const rate = `taker fee ${formatNumber(bps)} bps`;
  if (!preview.estimate.crossesBook) return `none while it rests (${rate} on what fills now)`;
  return `about $${formatUsd(preview.estimate.takerFee ?? '0')} on what fills now (${rate})`;
}

/** The warning for a market past its end date, or null. */
export function endedText(preview: OrderPreview): string | null {
  if (preview.endedAt === undefined) return null;
  return `This market’s end date (${formatDay(preview.endedAt)}) has passed: it waits to be resolved, and its outcome may already be known.`;
}
