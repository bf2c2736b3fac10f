/**
 * Rotates a perps proxy: a new proxy with the same label (and the same lifetime, at least a day)
 * is created first, so the account is never without one, then the old one is deleted. An
 * old proxy the exchange no longer accepts (expired or unknown) cannot sign anything: it is
 * dropped from the vault and the list without the exchange's word.
 */
import { getAddress } from 'viem';
import type { AccountsState } from '../../../shared/custodyViews';
import { PERPS_ERROR_IDS, PERPS_PROXY_MAX_EXPIRY_DAYS } from '../../../shared/protocol/perps';
import type { PerpsProxyService } from '../accounts/perpsProxyService';
import { CoreError } from '../coreError';
import type { PerpsContext } from './perpsContext';
import { refusalId } from './perpsErrors';

const DAY_MS = 86_400_000;
const GONE = new Set<string>([PERPS_ERROR_IDS.proxyExpired, PERPS_ERROR_IDS.unknownProxy]);

export async function rotatePerpsProxy(context: PerpsContext, proxies: PerpsProxyService, accountId: string, proxyAddress: string): Promise<AccountsState> {
  const account = context.registry.get(accountId);
  const old = account.perpsProxies.find((p) => p.proxyAddress.toLowerCase() === proxyAddress.toLowerCase());
  if (!old) throw new CoreError('not_found', `"${account.label}" has no perps proxy ${getAddress(proxyAddress)}.`);
  const lifetimeDays = Math.min(PERPS_PROXY_MAX_EXPIRY_DAYS, Math.max(1, Math.round((old.expiresAt - old.createdAt) / DAY_MS)));
  await proxies.create(old.label, lifetimeDays, undefined, accountId);
  let state: AccountsState;
  try {
    state = await proxies.delete(old.proxyAddress, accountId);
  } catch (error) {
    if (!GONE.has(refusalId(error) ?? '') && old.expiresAt > context.now()) {
      throw new CoreError('service_error', `The new proxy was created, but the old one (${old.proxyAddress}) could not be deleted: ${(error as Error).message}`);
    }
    state = await proxies.forget(accountId, old.proxyAddress);
  }
  context.changed(accountId, 'account');
  return state;
}
