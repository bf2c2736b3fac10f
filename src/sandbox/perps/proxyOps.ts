/**
 * `op.args` parsers of the two proxy operations (spec: createProxy, deleteProxy). A proxy's
 * expiry is any future time in Unix ms: the spec states no longest lifetime, so none is made up.
 */
import { getAddress, isAddress, type Hex } from 'viem';
import type { PerpsOperationArgs } from '../../signing/perpsOperations';
import type { ArgsParser } from './signedOp';

const addressArg = (value: unknown): Hex | null =>
  typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value.toLowerCase()) : null;

function unexpectedArg(args: Record<string, unknown>, known: readonly string[]): string | undefined {
  const extra = Object.keys(args).find((key) => !known.includes(key));
  return extra === undefined ? undefined : `unexpected field ${extra}`;
}

export const parseCreateProxyArgs: ArgsParser<'createProxy'> = (args, nowMs) => {
  const extra = unexpectedArg(args, ['owner', 'proxy', 'expiry']);
  if (extra) return extra;
  const owner = addressArg(args.owner);
  if (!owner) return 'owner must be an address';
  const proxy = addressArg(args.proxy);
  if (!proxy) return 'proxy must be an address';
  if (proxy === owner) return 'proxy must differ from owner';
  const expiry = args.expiry;
  if (!Number.isSafeInteger(expiry) || (expiry as number) < 0) return 'expiry must be an integer (unix milliseconds)';
  if ((expiry as number) <= nowMs) return 'expiry must be in the future';
  return { owner, proxy, expiry: expiry as number } satisfies PerpsOperationArgs['createProxy'];
};

export const parseDeleteProxyArgs: ArgsParser<'deleteProxy'> = (args) => {
  const extra = unexpectedArg(args, ['proxy']);
  if (extra) return extra;
  const proxy = addressArg(args.proxy);
  return proxy ? { proxy } : 'proxy must be an address';
};
