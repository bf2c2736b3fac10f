/**
 * A perps proxy's state as the app shows it: active, expiring soon (within the warning window the
 * core uses, 7 days: the app offers to rotate it) or expired (it can no longer sign or read).
 */
import type { PerpsProxyState } from '../../shared/perpsViews';

export const PROXY_WARNING_MS = 7 * 86_400_000;

export function proxyState(expiresAt: number, now: number): PerpsProxyState {
  if (expiresAt <= now) return 'expired';
  return expiresAt - now <= PROXY_WARNING_MS ? 'expiring' : 'active';
}

export const PROXY_STATE_LABEL: Record<PerpsProxyState, string> = {
  active: 'active',
  expiring: 'expiring soon',
  expired: 'expired',
};
