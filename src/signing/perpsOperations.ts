/**
 * The EIP-712 layout of the perpetuals exchange's signed operations. The spec does not show it
 * (wire-formats.md asks us to define one), so this module is the definition: one struct per
 * operation type over the domain of `GET /v1/info/exchange`, signing every field of `op.args`
 * plus `salt` and `ts`, amounts as the exact decimal string sent. Client and sandbox both
 * import it. Documented in docs/decisions/.
 */
import { hashTypedData, hexToBytes, type Hex } from 'viem';
import { recoverDigestSigner } from './orderSigning';

export interface PerpsExchangeInfo {
  name: string;
  version: string;
  chain_id: number;
  contract: Hex;
}

export const perpsOperationTypes = {
  internalTransfer: {
    InternalTransfer: [
      { name: 'account', type: 'address' },
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'string' },
      { name: 'to', type: 'address' },
      { name: 'salt', type: 'uint256' },
      { name: 'ts', type: 'uint256' },
    ],
  },
  createProxy: {
    CreateProxy: [
      { name: 'owner', type: 'address' },
      { name: 'proxy', type: 'address' },
      { name: 'expiry', type: 'uint256' },
      { name: 'salt', type: 'uint256' },
      { name: 'ts', type: 'uint256' },
    ],
  },
  deleteProxy: {
    DeleteProxy: [
      { name: 'proxy', type: 'address' },
      { name: 'salt', type: 'uint256' },
      { name: 'ts', type: 'uint256' },
    ],
  },
} as const;

export type PerpsOperationArgs = {
  internalTransfer: { account: Hex; token: Hex; amount: string; to: Hex };
  createProxy: { owner: Hex; proxy: Hex; expiry: number };
  deleteProxy: { proxy: Hex };
};

export type PerpsOperationType = keyof PerpsOperationArgs;

const primaryTypes = {
  internalTransfer: 'InternalTransfer',
  createProxy: 'CreateProxy',
  deleteProxy: 'DeleteProxy',
} as const;

export function perpsOperationTypedData<T extends PerpsOperationType>(
  info: PerpsExchangeInfo,
  type: T,
  args: PerpsOperationArgs[T],
  salt: number,
  ts: number,
) {
  return {
    domain: { name: info.name, version: info.version, chainId: info.chain_id, verifyingContract: info.contract },
    types: perpsOperationTypes[type],
    primaryType: primaryTypes[type],
    message: { ...args, salt: BigInt(salt), ts: BigInt(ts) },
  };
}

export async function recoverPerpsOperationSigner<T extends PerpsOperationType>(
  info: PerpsExchangeInfo,
  type: T,
  args: PerpsOperationArgs[T],
  salt: number,
  ts: number,
  signature: Hex,
): Promise<Hex> {
  // viem's generic typed-data inference cannot follow the per-type table; the layout is fixed above.
  const typedData = perpsOperationTypedData(info, type, args, salt, ts) as unknown as Parameters<typeof hashTypedData>[0];
  // The same rules as orders (v 27/28, low s), not viem's more lenient ones.
  const signer = recoverDigestSigner(hexToBytes(hashTypedData(typedData)), signature);
  if (!signer) throw new Error(`The ${type} signature is malformed, has a high s or a v other than 27 or 28, or recovers no key.`);
  return signer;
}
