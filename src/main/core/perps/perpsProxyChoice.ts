/**
 * Which proxy speaks for an account. The exchange has no route listing proxies, so the list is
 * ours (the account registry). A proxy is `expiring` within the warning window and `expired` once
 * its expiry passed; the active one is the newest unexpired proxy (latest created, then latest
 * expiry). An expired proxy is never chosen: the exchange would refuse it (`proxy_expired`).
 */
import type { PerpsProxyView } from '../../../shared/custodyViews';
import { perpsProxyState, type PerpsProxyStatusView } from '../../../shared/perpsViews';

export function proxyStatusViews(proxies: readonly PerpsProxyView[], now: number): PerpsProxyStatusView[] {
  return proxies.map((p) => ({ proxyAddress: p.proxyAddress, label: p.label, expiresAt: p.expiresAt, state: perpsProxyState(p.expiresAt, now) }));
}

export function activeProxyOf(proxies: readonly PerpsProxyView[], now: number): PerpsProxyView | null {
  const usable = proxies.filter((p) => p.expiresAt > now);
  usable.sort((a, b) => b.createdAt - a.createdAt || b.expiresAt - a.expiresAt);
  return usable[0] ?? null;
}
