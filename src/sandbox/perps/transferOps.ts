/**
 * `op.args` of internalTransfer: `account` (the sender, the owner EOA), `token` (a collateral
 * asset address), `amount` (decimal string in asset units; its decimals are checked against the
 * asset once the token is known), `to` (any address but the sender).
 */
import { getAddress, isAddress, type Hex } from 'viem';
import type { ArgsParser } from './signedOp';

const AMOUNT_SHAPE = /^\d{1,30}(\.\d{1,30})?$/;

const addressArg = (value: unknown): Hex | null =>
  typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value.toLowerCase()) : null;

export const parseInternalTransferArgs: ArgsParser<'internalTransfer'> = (args) => {
  const extra = Object.keys(args).find((key) => !['account', 'token', 'amount', 'to'].includes(key));
  if (extra !== undefined) return `unexpected field ${extra}`;
  const account = addressArg(args.account);
  if (!account) return 'account must be an address';
  const token = addressArg(args.token);
  if (!token) return 'token must be an address';
  if (typeof args.amount !== 'string' || !AMOUNT_SHAPE.test(args.amount)) return 'amount must be a positive decimal string such as "12.5"';
  const to = addressArg(args.to);
  if (!to) return 'to must be an address';
  if (to === account) return 'to must differ from account';
  // The amount stays the exact string sent: it is what the signature covers.
  return { account, token, amount: args.amount, to };
};
