/**
 * Which proxy speaks for an account. The exchange has no route listing proxies, so the list is
 * ours (the account registry). A proxy is `expiring` within the warning window and `expired` once
 * its expiry passed; the active one is the newest unexpired proxy (latest created, then latest
 * expiry). An expired proxy is never chosen: the exchange would refuse it (`proxy_expired`).
 */
import type { PerpsProxyView } from '../../../shared/custodyViews';
import type { PerpsProxyState, PerpsProxyStatusView } from '../../../shared/perpsViews';

/** Seven days before expiry the app offers to rotate the proxy (docs/decisions-pending-core.md). */
export const PROXY_EXPIRY_WARNING_MS = 7 * 86_400_000;

export function proxyState(proxy: Pick<PerpsProxyView, 'expiresAt'>, now: number): PerpsProxyState {
  if (proxy.expiresAt <= now) return 'expired';
  return proxy.expiresAt - now <= PROXY_EXPIRY_WARNING_MS ? 'expiring' : 'active';
}

export function proxyStatusViews(proxies: readonly PerpsProxyView[], now: number): PerpsProxyStatusView[] {
  return proxies.map((p) => ({ proxyAddress: p.proxyAddress, label: p.label, expiresAt: p.expiresAt, state: proxyState(p, now) }));
}

export function activeProxyOf(proxies: readonly PerpsProxyView[], now: number): PerpsProxyView | null {
  const usable = proxies.filter((p) => p.expiresAt > now);
  usable.sort((a, b) => b.createdAt - a.createdAt || b.expiresAt - a.expiresAt);
  return usable[0] ?? null;
}
