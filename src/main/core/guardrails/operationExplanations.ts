/**
 * What each kind of signed operation does and what it signs, in plain words, filled in with the
 * active network's own figures (chain, exchange contracts, pinned perps domain) so the user reads
 * exactly what their key is about to sign for. Shown once per account per live network, in the
 * question main asks before that operation.
 */
import type { LiveOperationExplanation, LiveOperationKind } from '../../../shared/liveGuardrails';
import type { ActiveNetwork } from '../network';

type Explain = (network: ActiveNetwork) => Omit<LiveOperationExplanation, 'kind'>;

const perpsDomainText = (network: ActiveNetwork): string => {
  const domain = network.perpsDomain;
  if (!domain) return `the perps signing domain pinned in the ${network.info.label} profile (this profile pins none, so perps operations are refused)`;
  return `the perps domain pinned in the ${network.info.label} profile: "${domain.name}" version ${domain.version}, chain ${domain.chainId}, contract ${domain.verifyingContract}`;
};

const EXPLANATIONS: Record<LiveOperationKind, Explain> = {
  order: (network) => ({
    title: `Your first order on ${network.info.label}`,
    does:
      `The order is posted to the ${network.info.label} order book and rests or fills there. Nothing moves while it rests; ` +
      'when it matches, the exchange settles the trade on chain and the money and shares move from and to this account’s wallet. ' +
      'A resting order can be cancelled until it fills; a fill cannot be undone.',
    signs:
      `This account’s key signs an EIP-712 “Order” (${network.contracts.domainName}) for the exchange contract ${network.contracts.exchange} ` +
      `(${network.contracts.negRiskExchange} for neg-risk markets) on chain ${network.contracts.chainId}: the token, the amounts paid and received, ` +
      'the side and the wallet that pays. That signature is what lets the exchange settle the trade.',
  }),
  transfer: (network) => ({
    title: `Your first perps transfer on ${network.info.label}`,
    does:
      'Collateral moves at once from this account’s perps account to the recipient’s account on the same exchange. ' +
      'The exchange settles a signed transfer at most once, and a settled transfer cannot be recalled.',
    signs:
      `The account’s proxy key signs an “internalTransfer” operation (account, token, amount, recipient) under ${perpsDomainText(network)}.`,
  }),
  proxyCreation: (network) => ({
    title: `Your first perps proxy on ${network.info.label}`,
    does:
      `A new proxy key, made and kept in this app’s vault, is registered with the ${network.info.label} perps exchange for this account until it expires. ` +
      'It can sign operations on the account’s behalf — internal transfers of its collateral included — but cannot create or delete proxies: ' +
      'that takes the account’s own key. The exchange answers with an API secret for private reads, also kept in the vault.',
    signs: `This account’s own (owner) key signs a “createProxy” operation (owner, proxy address, expiry) under ${perpsDomainText(network)}.`,
  }),
};

export function explainLiveOperation(network: ActiveNetwork, kind: LiveOperationKind): LiveOperationExplanation {
  return { kind, ...EXPLANATIONS[kind](network) };
}
