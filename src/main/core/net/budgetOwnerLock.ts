/**
 * One process owns the rate budgets of a real network for this machine's user. The edge counts
 * per client IP, so two instances that each budget 90% of a window send 180% of it together.
 * A second instance on the same network is refused (docs/decisions/, "Rate budgets under stalls, restarts and other instances", says why
 * refusing beats sharing).
 *
 * The lock is the data-folder lock's OS file lock (released by the kernel however the holder
 * ends), taken on a folder named by a hash of the network's base URLs inside a per-user runtime
 * folder. Two data folders pointed at one network meet here; two networks do not. A sandbox (the
 * embedded one, or one started for tests) is a local instrument and takes no lock.
 */
import { createHash } from 'node:crypto';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { acquireDataFolderLock, DataFolderLockedError } from '../dataFolder/dataFolderLock';
import type { ServiceUrls } from './serviceNames';

export interface BudgetOwnerLock {
  readonly dir: string;
  release(): void;
}

export class BudgetOwnerLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetOwnerLockedError';
  }
}

/** `$XDG_RUNTIME_DIR/marketdesk` (per user, tmpfs, 0700) where there is one, else a per-user folder in the temp dir. */
export function defaultBudgetLockRoot(): string {
  const runtime = process.env.XDG_RUNTIME_DIR;
  if (runtime) return join(runtime, 'marketdesk');
  let user: string;
  try {
    user = String(userInfo().uid >= 0 ? userInfo().uid : userInfo().username);
  } catch {
    user = 'user';
  }
  return join(tmpdir(), `marketdesk-${user}`);
}

/** The same network whatever the order, case or trailing slashes of its URLs. */
export function networkKey(urls: ServiceUrls): string {
  const normalized = (Object.keys(urls) as Array<keyof ServiceUrls>)
    .sort()
    .map((service) => `${service}=${new URL(urls[service]).toString().replace(/\/+$/, '')}`)
    .join('\n');
  return createHash('sha256').update(normalized).digest('hex').slice(0, 24);
}

export function acquireBudgetOwnerLock(urls: ServiceUrls, options: { root: string; hostKind: string; networkLabel: string }): BudgetOwnerLock {
  const dir = join(options.root, `budget-${networkKey(urls)}`);
  try {
    const lock = acquireDataFolderLock(dir, { hostKind: options.hostKind });
    return { dir, release: lock.release };
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    const who = error.owner ? `process ${error.owner.pid} (${error.owner.hostKind}, started ${error.owner.startedAt})` : 'another process';
    throw new BudgetOwnerLockedError(
      `Another Marketdesk, ${who}, already uses the ${options.networkLabel} network for this user. The exchange counts both ` +
        'against one rate limit, so only one may run per network: close that one, or use another network here.',
    );
  }
}
