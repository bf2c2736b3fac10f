/**
 * Checks the perps exchange's advertised EIP-712 domain (`GET /v1/info/exchange`) against the one
 * the network profile pins, and hands back the pinned one to sign under. The server's values are
 * never signed under: a mismatch is refused with the names of the fields that differ (the
 * server's values themselves are not repeated, they are whatever the server chose to say).
 */
import type { Hex } from 'viem';
import type { PerpsExchangeInfo } from '../../../signing/perpsOperations';
import { CoreError } from '../coreError';
import type { PerpsDomain } from '../settings/perpsDomainSchema';

type Field = keyof PerpsDomain;

/** Which pinned fields the served domain gets wrong, in the order of the EIP-712 domain. */
export function perpsDomainMismatches(pinned: Readonly<PerpsDomain>, served: unknown): Field[] {
  const info = (typeof served === 'object' && served !== null ? served : {}) as Record<string, unknown>;
  const contract = info.contract;
  const checks: Array<[Field, boolean]> = [
    ['name', info.name === pinned.name],
    ['version', info.version === pinned.version],
    ['chainId', info.chain_id === pinned.chainId],
    // Addresses compare without their checksum casing.
    ['verifyingContract', typeof contract === 'string' && contract.toLowerCase() === pinned.verifyingContract.toLowerCase()],
  ];
  return checks.filter(([, same]) => !same).map(([field]) => field);
}

/** The domain to sign under: the pinned one, once the server is seen to agree with it. */
export function pinnedPerpsDomain(pinned: Readonly<PerpsDomain> | null, served: unknown): PerpsExchangeInfo {
  if (!pinned) {
    throw new CoreError(
      'unavailable',
      'This network profile pins no perpetuals signing domain (name, version, chainId, verifyingContract); add it to the custom network settings before using perps proxies. Nothing was signed.',
    );
  }
  const wrong = perpsDomainMismatches(pinned, served);
  if (wrong.length > 0) {
    throw new CoreError(
      'bad_response',
      `The perpetuals exchange announced a signing domain that does not match the network profile (${wrong.join(', ')} ${wrong.length === 1 ? 'differs' : 'differ'}); nothing was signed.`,
    );
  }
  return { name: pinned.name, version: pinned.version, chain_id: pinned.chainId, contract: pinned.verifyingContract as Hex };
}
