/**
 * What changes in a network profile decide where main's keys and credentials go: the service
 * URLs (credentials and signatures are sent there), the chain and contracts orders are signed
 * for, and the pinned perps domain. Listed as "before → after" lines for main's question.
 */
import type { NetworkProfile } from '../../../shared/networkProfiles';
import type { ConfirmationFact } from './mainConfirmations';

const SERVICE_NAMES: Record<keyof NetworkProfile['urls'], string> = {
  clob: 'Order book',
  catalog: 'Catalog',
  analytics: 'Analytics',
  perps: 'Perpetuals',
};

const domainText = (domain: NetworkProfile['perpsDomain']) =>
  domain ? `"${domain.name}" v${domain.version}, chain ${domain.chainId}, ${domain.verifyingContract}` : 'none';

/** Each signing-relevant difference between two versions of a profile, as a fact line. */
export function signingRelevantChanges(before: NetworkProfile, after: NetworkProfile): ConfirmationFact[] {
  const changes: ConfirmationFact[] = [];
  for (const service of Object.keys(SERVICE_NAMES) as Array<keyof NetworkProfile['urls']>) {
    if (before.urls[service] !== after.urls[service]) {
      changes.push({ label: `${SERVICE_NAMES[service]} URL`, value: `${before.urls[service]} → ${after.urls[service]}`, warn: true });
    }
  }
  if (before.chainId !== after.chainId) changes.push({ label: 'Chain', value: `${before.chainId} → ${after.chainId}`, warn: true });
  for (const key of Object.keys(after.contracts) as Array<keyof NetworkProfile['contracts']>) {
    if (before.contracts[key] !== after.contracts[key]) {
      changes.push({ label: `Contract ${key}`, value: `${before.contracts[key]} → ${after.contracts[key]}`, warn: true });
    }
  }
  if (domainText(before.perpsDomain) !== domainText(after.perpsDomain)) {
    changes.push({ label: 'Perps signing domain', value: `${domainText(before.perpsDomain)} → ${domainText(after.perpsDomain)}`, warn: true });
  }
  return changes;
}

/** A new profile's addresses, for the import question. */
export function newProfileFacts(profile: NetworkProfile): ConfirmationFact[] {
  return (Object.keys(SERVICE_NAMES) as Array<keyof NetworkProfile['urls']>).map((service) => ({
    label: `${profile.label}: ${SERVICE_NAMES[service]}`,
    value: profile.urls[service],
  }));
}
