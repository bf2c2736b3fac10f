/**
 * The load run's actors besides the views: quote-grid bursts and a background walk. `call` sends
 * one bridge call from a client of its own (a connection may have only a bounded number of calls
 * in flight); every answer is tallied with the views' polls.
 */
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/analytics/synthetic/wallets';
import type { HistorySyncState } from '../../../src/shared/portfolioViews';
import type { BridgeResult } from '../../../src/shared/result';
import type { PlacedOrder } from '../../../src/shared/tradingViews';
import { tallyResult, type PollTally } from './viewPolls';

export type Call = (channel: string, input?: unknown) => Promise<BridgeResult<unknown>>;

const GRID_BATCHES = 20; // 20 requests of 15 orders: 300 orders per burst
const WALLET = SANDBOX_HISTORY_WALLETS.medium;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A quote-grid burst: GRID_BATCHES grids of 15 post-only bids at once, then every resting one cancelled at once. */
export async function burstOfQuoteGrids(call: Call, tally: PollTally, tokenId: string): Promise<{ placed: number; cancelled: number }> {
  const grid = Array.from({ length: 15 }, (_, level) => ({
    tokenId,
    side: 'BUY',
    orderType: 'GTC',
    price: (0.01 + 0.01 * (level % 5)).toFixed(2),
    size: '5',
    postOnly: true,
  }));
  const batches = await Promise.all(Array.from({ length: GRID_BATCHES }, () => call('placeOrders', { tickets: grid })));
  const ids: string[] = [];
  for (const batch of batches) {
    tallyResult(tally, 'placeOrders', batch);
    if (batch.ok) ids.push(...(batch.value as PlacedOrder[]).filter((order) => order.success).map((order) => order.orderId));
  }
  const cancels = await Promise.all(ids.map((orderId) => call('cancelOrder', { orderId })));
  let cancelled = 0;
  for (const result of cancels) {
    tallyResult(tally, 'cancelOrder', result);
    if (result.ok) cancelled += (result.value as { canceled: string[] }).canceled.length;
  }
  return { placed: ids.length, cancelled };
}

/**
 * The background walk of a 20,000-row wallet (in the small pages the core was given), more than
 * the run's minute allows: started again after a failure (a job resumes where it stopped), and
 * cancelled at `until` (monotonic time). Resolves to the wallet's sync state then.
 */
export async function backgroundWalk(call: Call, tally: PollTally, until: number): Promise<HistorySyncState> {
  const stopAtEnd = setTimeout(() => void call('cancelJob', { jobId: 'load-walk' }), Math.max(0, until - performance.now()));
  while (performance.now() < until) {
    const result = await call('syncActivityHistory', { address: WALLET.address, jobId: 'load-walk' });
    tallyResult(tally, 'syncActivityHistory', result);
    if (result.ok && (result.value as HistorySyncState).complete) break;
    if (!result.ok && performance.now() < until) await sleep(1_000);
  }
  clearTimeout(stopAtEnd);
  const state = await call('getHistorySyncState', { address: WALLET.address });
  if (!state.ok) throw new Error(`getHistorySyncState: ${state.error.code}: ${state.error.message}`);
  return state.value as HistorySyncState;
}
