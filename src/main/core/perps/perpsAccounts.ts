/**
 * The user's accounts as the perps exchange knows them: proxies with their state, the active one,
 * and the latest equity (the newest 1s equity point: a coarser kline would lag a faucet credit or
 * a transfer by up to its length) which is also the client's free-collateral estimate
 * (docs/decisions/, "Perpetuals desk"); the exchange's `insufficient_margin` stays the final
 * word. An account whose equity cannot be read says why in a sentence.
 */
import type { PerpsAccountView } from '../../../shared/perpsViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import { CoreError } from '../coreError';
import { credentialsOf, noProxyReason, type PerpsContext } from './perpsContext';
import { activeProxyOf, proxyStatusViews } from './perpsProxyChoice';

export interface LatestEquity {
  equity: string;
  at: number;
}

/** The newest 1s equity point of an account with an active proxy; null when it has no points. */
export async function latestEquity(context: PerpsContext, account: StoredAccount): Promise<LatestEquity | null> {
  const page = await context.client.equity(credentialsOf(context, account), '1s', { limit: 1 });
  const point = page.data[0];
  return point ? { at: point[0], equity: point[1] } : null;
}

export async function perpsAccountView(context: PerpsContext, account: StoredAccount): Promise<PerpsAccountView> {
  const now = context.now();
  const active = activeProxyOf(account.perpsProxies, now);
  const base = {
    accountId: account.id,
    address: account.address,
    label: account.label,
    proxies: proxyStatusViews(account.perpsProxies, now),
    activeProxy: active?.proxyAddress ?? null,
  };
  const unknown = (reason: string): PerpsAccountView => ({ ...base, equity: null, equityAt: null, freeCollateral: null, unavailableReason: reason });
  if (!active) return unknown(noProxyReason(account));
  try {
    const latest = await latestEquity(context, account);
    if (!latest) return unknown('No equity point yet: the account has no collateral, or its first equity point is still to come.');
    return { ...base, equity: latest.equity, equityAt: latest.at, freeCollateral: latest.equity, unavailableReason: null };
  } catch (error) {
    // A locked vault or an unreachable exchange leaves the rest of the view readable.
    if (error instanceof CoreError) return unknown(error.message);
    throw error;
  }
}

export async function listPerpsAccounts(context: PerpsContext, accountId?: string): Promise<PerpsAccountView[]> {
  const accounts = accountId ? [context.registry.get(accountId)] : context.registry.all().filter((a) => a.kind === 'key');
  return Promise.all(accounts.map((account) => perpsAccountView(context, account)));
}
