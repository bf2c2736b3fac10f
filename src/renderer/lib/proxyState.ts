/** How the Accounts panel names a perps proxy's state (the rule itself is shared with the core). */
import type { PerpsProxyState } from '../../shared/perpsViews';

export const PROXY_STATE_LABEL: Record<PerpsProxyState, string> = {
  active: 'active',
  expiring: 'expiring soon',
  expired: 'expired',
};
