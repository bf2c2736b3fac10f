/**
 * The question main asks in its own surface before a signature that makes a service issue
 * something: order-book credentials (an L1 ClobAuth signature, which names no host and so is good
 * at any service that sees it) or a perps proxy (the owner's createProxy signature). The user sees
 * the host that will receive the signature, flagged when it is not the host that issued what the
 * account already holds on this network. Off on the sandbox (`needed` says when).
 */
import { issuerName } from '../../../shared/issuedOrigin';
import { CoreError } from '../coreError';
import type { ConfirmationFact, ConfirmationKind, MainConfirmations } from '../authority/mainConfirmations';
import type { StoredAccount } from './accountRegistry';
import { issuerOf, requestOrigin, type IssuingService, type NetworkHosts } from './issuedOrigin';
import type { VaultSession } from './vaultSession';
import type { PendingExplanation } from '../authority/liveExplanationFacts';
import { networkFact } from '../authority/confirmationFacts';

export interface IssuanceGate {
  confirmations: MainConfirmations;
  /** Whether issuing here waits for the confirmation (every network but the sandbox, unless turned on there). */
  needed: () => boolean;
  session: VaultSession;
  /** A first live proxy's explanation, still owed for this account (asked in the same question). */
  explanation?: (accountId: string) => PendingExplanation | null;
}

export interface IssuanceQuestion {
  kind: Extract<ConfirmationKind, 'clob-credentials' | 'perps-proxy'>;
  /** The operation, without the host: "Create order-book credentials". */
  title: string;
  account: StoredAccount;
  network: NetworkHosts;
  service: IssuingService;
  /** What the account holds here from this service already ("credentials ••••3f9a"), and who issued it. */
  held: ReadonlyArray<{ what: string; origin: string | null | undefined }>;
  /** The operation's own facts (nonce, label, expiry). */
  details: ConfirmationFact[];
}

/** Asks (where needed) and resolves with the origin the signature goes to; rejects with `not_confirmed` on a no. */
export async function confirmIssuance(gate: IssuanceGate, question: IssuanceQuestion): Promise<string> {
  const { account, network, service } = question;
  const host = requestOrigin(network, service);
  const explanation = question.kind === 'perps-proxy' ? (gate.explanation?.(account.id) ?? null) : null;
  if (!gate.needed() && !explanation) return host;
  // What would refuse the signature anyway refuses before the user is asked.
  gate.session.unlocked();
  if (account.kind === 'watchOnly') throw new CoreError('watch_only', `"${account.label}" is a watch-only address: Marketdesk holds no key to sign with.`);
  const here = issuerOf(network, service);
  const elsewhere = question.held.filter((held) => held.origin !== here);
  const facts: ConfirmationFact[] = [
    ...(explanation?.facts ?? []),
    { label: 'Account', value: `${account.label} (${account.address})` },
    networkFact(network.info),
    { label: 'Signature sent to', value: host, ...(elsewhere.length > 0 ? { warn: true } : {}) },
    ...question.details,
    ...elsewhere.map((held) => ({ label: 'Issued elsewhere', value: `${held.what}, by ${issuerName(held.origin)}: not used at ${host}`, warn: true })),
  ];
  await gate.confirmations.confirm({ kind: question.kind, title: `${question.title} at ${host}`, facts, confirmLabel: `Sign and send to ${host}` });
  explanation?.record();
  return host;
}
