/**
 * Credentials and proxies are bound to the origin that issued them (src/shared/issuedOrigin.ts):
 * what a record issued now is bound to, the origin a request is about to go to, and the check
 * between the two that every request carrying an API key, an HMAC, a proxy secret or a signature
 * passes before anything is sent. The embedded sandbox is bound by its network id, not by its
 * port, which changes every run (docs/decisions/42-credentials-bound-to-origin/).
 */
import { SANDBOX_NETWORK_ID } from '../../../shared/networkProfiles';
import { EMBEDDED_SANDBOX_ISSUER, issuerName, serviceOrigin, type IssuingHosts } from '../../../shared/issuedOrigin';
import { CoreError } from '../coreError';
import type { ActiveNetwork } from '../network';

/** The services that issue something: order-book credentials, perps proxies. */
export type IssuingService = 'clob' | 'perps';

/** What the binding needs of a network: its name and kind, and its service URLs. */
export type NetworkHosts = Pick<ActiveNetwork, 'info' | 'urls'>;

const serviceWords: Record<IssuingService, string> = { clob: 'order-book service', perps: 'perpetuals exchange' };

/** The origin requests to `service` go to on this network. */
export function requestOrigin(network: NetworkHosts, service: IssuingService): string {
  const origin = serviceOrigin(network.urls[service]);
  if (origin === null) throw new CoreError('invalid_input', `The ${serviceWords[service]} URL of “${network.info.label}” is not an http(s) URL; nothing was sent.`);
  return origin;
}

/** What a record issued now by `service` on this network is bound to. */
export function issuerOf(network: NetworkHosts, service: IssuingService): string {
  return network.info.isSandbox && network.info.id === SANDBOX_NETWORK_ID ? EMBEDDED_SANDBOX_ISSUER : requestOrigin(network, service);
}

export function issuingHosts(network: NetworkHosts): IssuingHosts {
  return { clob: issuerOf(network, 'clob'), perps: issuerOf(network, 'perps') };
}

/** How a refusal names what was issued, and what to do instead. */
const issuedThing = {
  credentials: { what: 'These order-book credentials were', remedy: 'Re-issue them for the new host in Accounts.' },
  proxy: { what: 'This perps proxy was', remedy: 'Create a proxy on the new host in Accounts.' },
} as const;

/**
 * The origin a request made with a record bound to `binding` may go to: this network's origin for
 * `service`, when the record was issued there. Otherwise refused before anything is sent, naming
 * both hosts. An unbound record (undefined: not yet bound at an unlock) is refused too.
 */
export function boundOrigin(binding: string | null | undefined, network: NetworkHosts, service: IssuingService, thing: keyof typeof issuedThing): string {
  const target = requestOrigin(network, service);
  if (binding !== undefined && binding !== null && binding === issuerOf(network, service)) return target;
  const { what, remedy } = issuedThing[thing];
  const issuer = binding === undefined ? 'a host not recorded yet (unlocking the vault again records it)' : issuerName(binding);
  throw new CoreError('wrong_host', `${what} issued by ${issuer}; “${network.info.label}” now points at ${target}. Nothing was sent. ${remedy}`);
}
