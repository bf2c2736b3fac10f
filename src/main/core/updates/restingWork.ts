/**
 * What an install would leave unattended: for every account that can trade on the active network
 * (a key and order-book credentials), its open orders read from the exchange now and whether its
 * heartbeats run. An account whose orders cannot be read (locked vault, service down) is listed
 * with an unknown count: unknown is never taken for "none".
 */
import type { RestingAccount, RestingWork } from '../../../shared/updates';

export interface RestingSources {
  networkLabel(): string;
  /** Accounts that can hold orders placed by this app on the active network. */
  tradingAccounts(): Array<{ id: string; label: string }>;
  heartbeatsRunning(accountId: string): boolean;
  /** Reads the account's open orders from the exchange; throws when they cannot be read. */
  openOrderCount(accountId: string): Promise<number>;
  heartbeatWindowMs: number;
}

export async function readRestingWork(sources: RestingSources): Promise<RestingWork> {
  const accounts: RestingAccount[] = [];
  // One account after another: the read shares the order-book budget with the trading views.
  for (const account of sources.tradingAccounts()) {
    let openOrders: number | null;
    try {
      openOrders = await sources.openOrderCount(account.id);
    } catch {
      openOrders = null;
    }
    accounts.push({ accountId: account.id, label: account.label, openOrders, heartbeatsRunning: sources.heartbeatsRunning(account.id) });
  }
  return { networkLabel: sources.networkLabel(), accounts, heartbeatWindowMs: sources.heartbeatWindowMs };
}
