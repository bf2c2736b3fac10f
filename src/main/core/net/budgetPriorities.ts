/**
 * The order the budget's fair queue serves waiting requests in, and how long each kind may wait.
 * Cancels come first (a cancel that waits leaves an order resting at a price the user abandoned),
 * then orders, then what a user is looking at, then background walks that nobody waits on.
 */
import type { BudgetPriority } from '../../../shared/viewModels';

export const BUDGET_PRIORITIES: readonly BudgetPriority[] = ['cancel', 'order', 'interactive', 'background'];

export const priorityRank: Record<BudgetPriority, number> = { cancel: 0, order: 1, interactive: 2, background: 3 };

/**
 * The longest a request of each priority waits for room before it fails with a `budget` error.
 * An order or a cancel older than a few seconds no longer says what the user meant; a view can
 * wait a little; a walk pages through the budget for minutes by design.
 */
export const DEFAULT_DEADLINE_MS: Record<BudgetPriority, number> = {
  cancel: 20_000,
  order: 15_000,
  interactive: 30_000,
  background: 10 * 60_000,
};

export const emptyQueueCounts = (): Record<BudgetPriority, number> => ({ cancel: 0, order: 0, interactive: 0, background: 0 });

/** The service a scope belongs to, from its name (`clob:/book`, `catalog`, `signer:0x…:orders`, `perps:weight`). */
export function serviceOfScope(scope: string): string {
  const prefix = scope.split(':')[0] ?? scope;
  if (prefix === 'edge') return 'clob+catalog';
  if (prefix === 'signer') return 'clob';
  return prefix;
}
