/**
 * The network profile's protocol contracts: a `user` equal to one of them is a 400 (their
 * "activity" would be every wallet's). The exchange contracts come from the order schema's
 * chain-137 profile; collateral, conditional tokens and the neg-risk adapter are the public
 * chain-137 deployments the exchanges settle through.
 */
import { PUBLIC_CHAIN_137_CONTRACTS } from '../../shared/orders/orderSchema';

export const CHAIN_137_COLLATERAL = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
export const CHAIN_137_CONDITIONAL_TOKENS = '0x4D97DCd97eC945f40cF65F87097ACe5EA0476045';
export const CHAIN_137_NEG_RISK_ADAPTER = '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296';

/** Default of the `analytics.protocolContracts` sandbox option. */
export const DEFAULT_PROTOCOL_CONTRACTS: readonly string[] = [
  PUBLIC_CHAIN_137_CONTRACTS.exchange,
  PUBLIC_CHAIN_137_CONTRACTS.negRiskExchange,
  PUBLIC_CHAIN_137_CONTRACTS.exchangeV1,
  PUBLIC_CHAIN_137_CONTRACTS.negRiskExchangeV1,
  CHAIN_137_COLLATERAL,
  CHAIN_137_CONDITIONAL_TOKENS,
  CHAIN_137_NEG_RISK_ADAPTER,
];

export function contractSet(addresses: readonly string[]): ReadonlySet<string> {
  return new Set(addresses.map((a) => a.toLowerCase()));
}
