/**
 * What rests or runs on the current network that a switch would stop, from what this process
 * already knows (no request is sent): open orders of each account with order-book credentials as
 * the trading desk last read them, heartbeats running, jobs running.
 */
import type { NetworkSwitchPreflight, RunningJobOnNetwork } from '../../../shared/networkSwitchViews';
import type { NetworkInfo } from '../../../shared/viewModels';
import type { AccountRegistry } from '../accounts/accountRegistry';
import type { TradingDesk } from '../trading/tradingDesk';

/** History walks store their cursor with every page: a cancelled one resumes on the next sync. */
const JOB_NAMES: Record<string, { name: string; resumes: boolean }> = {
  activitySync: { name: 'History sync', resumes: true },
  perpsTransfersSync: { name: 'Perps transfers sync', resumes: true },
  perpsFundingSync: { name: 'Perps funding sync', resumes: true },
  trades: { name: 'Reading trades', resumes: false },
  export: { name: 'Export to a file', resumes: false },
};

export function describeJob(kind: string): { name: string; resumes: boolean } {
  return JOB_NAMES[kind] ?? { name: kind, resumes: false };
}

export function switchPreflight(from: NetworkInfo, to: NetworkInfo, registry: AccountRegistry, trading: TradingDesk | null): NetworkSwitchPreflight {
  const withCredentials = registry.all().filter((account) => account.kind !== 'watchOnly' && account.clobCredentials);
  const accounts = withCredentials
    .map((account) => ({
      accountId: account.id,
      label: account.label,
      openOrders: trading?.activity.lastKnownOrders(account.id).length ?? 0,
      known: trading?.activity.hasReadOrders(account.id) ?? false,
    }))
    .sort((a, b) => b.openOrders - a.openOrders);
  const beating = new Set(trading?.heartbeats.runningFor() ?? []);
  const heartbeats = registry.all().filter((account) => beating.has(account.id)).map((account) => ({ accountId: account.id, label: account.label }));
  const jobs: RunningJobOnNetwork[] = (trading?.jobs.list() ?? []).map((job) => ({
    jobId: job.jobId, kind: job.kind, rows: job.rows, pages: job.pages, ...describeJob(job.kind),
  }));
  const needsConfirmation = accounts.some((a) => a.openOrders > 0) || heartbeats.length > 0 || jobs.length > 0;
  return { from, to, accounts, heartbeats, jobs, needsConfirmation };
}
