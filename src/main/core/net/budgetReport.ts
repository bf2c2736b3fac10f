/** What the rate budget shows: every scope for the budget panel, and the status bar's summary. */
import type { BudgetScopeView, BudgetUsage } from '../../../shared/viewModels';
import type { EdgeWindow } from '../../../shared/protocol/edgeLimits';
import { emptyQueueCounts, serviceOfScope } from './budgetPriorities';
import type { ScopeCounters, Waiter } from './rateBudget';
import type { WindowLog } from './windowLog';

type Allowance = (window: EdgeWindow) => number;

export function scopeViews(
  logs: WindowLog[], waiters: readonly Waiter[], counters: ReadonlyMap<string, ScopeCounters>, now: number, allowance: Allowance, pausedFor: (scope: string) => number,
): BudgetScopeView[] {
  return logs.map((log) => {
    const { scope, label, limit, windowMs } = log.window;
    const queued = emptyQueueCounts();
    let longestWaitMs = 0;
    for (const waiter of waiters) {
      if (!waiter.windows.some((window) => window.scope === scope)) continue;
      queued[waiter.priority]++;
      longestWaitMs = Math.max(longestWaitMs, Math.round(now - waiter.enqueuedAt));
    }
    const counted = counters.get(scope) ?? { waits: 0, waitedMs: 0, deadlineFailures: 0, pauses: 0 };
    return {
      scope,
      label,
      service: serviceOfScope(scope),
      used: log.countSince(now - windowMs),
      limit: allowance(log.window),
      documentedLimit: limit,
      windowMs,
      queued,
      longestWaitMs,
      waits: counted.waits,
      waitedMs: Math.round(counted.waitedMs),
      deadlineFailures: counted.deadlineFailures,
      pausedForMs: Math.round(pausedFor(scope)),
      pauses: counted.pauses,
    };
  });
}

/** Requests let through in the last 10 s, and every used scope, busiest (as a share of its allowance) first. */
export function usageOf(passes: WindowLog, logs: WindowLog[], now: number, allowance: Allowance): BudgetUsage {
  const windowMs = 10_000;
  const used = passes.countSince(now - windowMs);
  const scopes = logs
    .map((log) => ({ scope: log.window.scope, label: log.window.label, used: log.countSince(now - log.window.windowMs), limit: allowance(log.window) }))
    .filter((scope) => scope.used > 0)
    .sort((a, b) => b.used / b.limit - a.used / a.limit);
  const peakFraction = scopes[0] ? scopes[0].used / scopes[0].limit : 0;
  return { windowMs, used, peakFraction, scopes };
}
