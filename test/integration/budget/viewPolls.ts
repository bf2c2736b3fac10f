/**
 * What open windows ask the core for while they sit on screen, without a browser: each window
 * runs the polls of the Trade view (recent trades 3 s, the order preview 5 s, the chart's price
 * history and bars 30 s, its book through watchOrderBooks), the Portfolio (positions 5 s, value
 * history 60 s), the Perps view (trade tape 3 s, equity 15 s, accounts 15 s) and the status bar
 * (5 s), at the intervals those views use (views/trade/TradesTape.tsx, ticket/usePreview.ts,
 * PriceChart.tsx, views/portfolio/PortfolioPage.tsx and ValueChart.tsx, views/perps/TradeTape.tsx,
 * EquityChart.tsx and usePerpsAccount.ts, bridge/subscriptions.ts). Like usePolling, a poll waits
 * for its answer before it plans the next one, and stretches the wait to the core's next retry
 * while the core reports the poll's service unreachable (the renderer's own outageWait).
 * Every loop stops by itself at `until` (monotonic time).
 */
import { outageWait } from '../../../src/renderer/components/outageText';
import type { BridgeResult } from '../../../src/shared/result';
import type { AppStatus } from '../../../src/shared/viewModels';

export type Dispatch = (channel: string, input: unknown, clientId: string) => Promise<BridgeResult<unknown>>;

export interface WindowPlan {
  clientId: string;
  tokenId: string;
  accountId: string;
  perpsInstrumentId: number;
  /** The budget panel is open in this window (it refreshes every second). */
  budgetPanel?: boolean;
}

interface Poll {
  channel: string;
  service: string | null;
  intervalMs: number;
  input: (plan: WindowPlan) => unknown;
}

const DAY_S = 86_400;

export const VIEW_POLLS: readonly Poll[] = [
  { channel: 'getRecentTrades', service: 'clob', intervalMs: 3_000, input: (p) => ({ tokenId: p.tokenId }) },
  {
    channel: 'previewOrder',
    service: 'clob',
    intervalMs: 5_000,
    input: (p) => ({ ticket: { tokenId: p.tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '5' } }),
  },
  { channel: 'getPriceHistory', service: 'clob', intervalMs: 30_000, input: (p) => ({ tokenId: p.tokenId, interval: '1d' }) },
  {
    channel: 'getOhlc',
    service: 'clob',
    intervalMs: 30_000,
    input: (p) => ({ tokenId: p.tokenId, fidelity: '5m', startTs: Math.floor(Date.now() / 1000) - DAY_S, limit: 500 }),
  },
  { channel: 'getPortfolio', service: 'analytics', intervalMs: 5_000, input: (p) => ({ target: { kind: 'account', accountId: p.accountId } }) },
  {
    channel: 'getPortfolioHistory',
    service: 'analytics',
    intervalMs: 60_000,
    input: (p) => ({ target: { kind: 'account', accountId: p.accountId }, range: '3m' }),
  },
  { channel: 'listPerpsTrades', service: 'perps', intervalMs: 3_000, input: (p) => ({ instrumentId: p.perpsInstrumentId, limit: 100 }) },
  { channel: 'getPerpsEquity', service: 'perps', intervalMs: 15_000, input: (p) => ({ accountId: p.accountId, interval: '1m', points: 500 }) },
  { channel: 'listPerpsAccounts', service: 'perps', intervalMs: 15_000, input: () => ({}) },
];

const STATUS_POLL: Poll = { channel: 'getAppStatus', service: null, intervalMs: 5_000, input: () => ({}) };
const BUDGET_PANEL_POLL: Poll = { channel: 'getBudgetState', service: null, intervalMs: 1_000, input: () => ({}) };

/** Calls and outcomes per channel: `ok`, and each error code with its count. */
export type PollTally = Map<string, { calls: number; ok: number; errors: Record<string, number> }>;

export function tallyResult(tally: PollTally, channel: string, result: BridgeResult<unknown>): void {
  let row = tally.get(channel);
  if (!row) {
    row = { calls: 0, ok: 0, errors: {} };
    tally.set(channel, row);
  }
  row.calls += 1;
  if (result.ok) row.ok += 1;
  else row.errors[result.error.code] = (row.errors[result.error.code] ?? 0) + 1;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs every window's polls until `until` (performance.now time); resolves when all have stopped. */
export async function runViewPolls(dispatch: Dispatch, plans: readonly WindowPlan[], until: number, tally: PollTally): Promise<void> {
  const loops: Array<Promise<void>> = [];
  for (const plan of plans) {
    let status: AppStatus | null = null;
    const polls = [STATUS_POLL, ...VIEW_POLLS, ...(plan.budgetPanel ? [BUDGET_PANEL_POLL] : [])];
    const book = await dispatch('watchOrderBooks', { tokenIds: [plan.tokenId] }, plan.clientId);
    tallyResult(tally, 'watchOrderBooks', book);
    polls.forEach((poll, index) => {
      loops.push(
        (async () => {
          // Windows open a moment apart, not all in the same millisecond.
          await sleep(index * 37);
          while (performance.now() < until) {
            const result = await dispatch(poll.channel, poll.input(plan), plan.clientId);
            tallyResult(tally, poll.channel, result);
            if (poll === STATUS_POLL && result.ok) status = result.value as AppStatus;
            const wait = poll.service ? outageWait(status?.outages ?? [], poll.service, poll.intervalMs, Date.now()) : poll.intervalMs;
            await sleep(Math.min(wait, Math.max(0, until - performance.now())));
          }
        })(),
      );
    });
  }
  await Promise.all(loops);
  // The windows close: the core stops polling their books.
  for (const plan of plans) await dispatch('watchOrderBooks', { tokenIds: [] }, plan.clientId);
}
