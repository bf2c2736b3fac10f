/**
 * The first unlock after upgrading to a release that binds credentials and proxies to their
 * origin: every record issued before then gets the origin of its network's profile as it is at
 * that moment (the embedded sandbox for the sandbox's; none, so never usable, for a network
 * whose profile is gone), in the vault (authenticated, with the secret) and in the account
 * list's hints. Records that have an origin are left alone, so later unlocks change nothing.
 * The rule is docs/decisions/42-credentials-bound-to-origin/02-records-issued-before-origins-were-recorded.md.
 */
import type { Vault } from '../custody';
import type { Logger } from '../log';
import type { AccountRegistry } from './accountRegistry';
import type { IssuedToAccount } from './issuedByNetwork';
import type { IssuingService } from './issuedOrigin';

/** What a network's service binds to now (its current profile), or null when the network is unknown. */
export type IssuerOfNetwork = (networkId: string, service: IssuingService) => string | null;

export async function bindIssuedOrigins(vault: Vault, registry: AccountRegistry, issuerOfNetwork: IssuerOfNetwork, log: Logger): Promise<void> {
  const bound = await vault.bindRecordOrigins((entry) =>
    entry.network === undefined ? null : issuerOfNetwork(entry.network, entry.kind === 'clobCredentials' ? 'clob' : 'perps'),
  );
  const known = new Set(registry.all().map((account) => account.id));
  for (const { entry, origin } of bound) {
    // A record without its account (reconcileAccounts adopts keys, not these) has no hint to update.
    if (entry.network === undefined || !known.has(entry.accountId)) continue;
    const withOrigin = (issued: IssuedToAccount): IssuedToAccount =>
      entry.kind === 'clobCredentials'
        ? { ...issued, clobCredentials: issued.clobCredentials && { ...issued.clobCredentials, origin } }
        : { ...issued, perpsProxies: issued.perpsProxies.map((p) => (p.proxyAddress.toLowerCase() === entry.hint.toLowerCase() ? { ...p, origin } : p)) };
    registry.updateIssued(entry.network, entry.accountId, withOrigin);
  }
  if (bound.length > 0) log.info(`vault: ${bound.length} credential and proxy record(s) issued before hosts were recorded are now bound to their network's host`);
}
