/**
 * The envelope of a signed perps operation (spec "Signed operation request"):
 * `{ op: {type, args}, sig, salt, ts, label?, code? }`. Parses and checks everything but the
 * args (each operation brings its own parser) and the signature (recovered separately, over
 * the shared layout in src/signing/perpsOperations.ts). `ts` is unix milliseconds within
 * five minutes of server time; `salt` a non-negative safe integer; unknown fields are refused,
 * since anything outside the signed layout would be accepted unsigned.
 */
import type { Hex } from 'viem';
import { parseJson } from '../http/body';
import type { Reply } from '../http/reply';
import { recoverPerpsOperationSigner, type PerpsExchangeInfo, type PerpsOperationArgs, type PerpsOperationType } from '../../signing/perpsOperations';
import { invalidArgs, invalidRequest, perpsError } from './perpsErrors';

export const SIGNED_OP_MAX_SKEW_MS = 5 * 60_000;
const MAX_TEXT = 64;
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

export interface SignedOp<T extends PerpsOperationType> {
  type: T;
  args: PerpsOperationArgs[T];
  sig: Hex;
  salt: number;
  ts: number;
  label?: string;
  code?: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reply: Reply };

/** Parses `op.args` of one operation type: the args, or the message after `invalid_args: `. */
export type ArgsParser<T extends PerpsOperationType> = (args: Record<string, unknown>, nowMs: number) => PerpsOperationArgs[T] | string;

export interface EnvelopeRules {
  /** Optional top-level fields this operation accepts besides op, sig, salt and ts. */
  extras: ReadonlyArray<'label' | 'code'>;
  /** Leave the `ts` window to the route (internalTransfer checks it after a settled salt, see transferRoutes.ts). */
  deferFreshness?: boolean;
}

/** 400 `invalid_ts` when `ts` is more than five minutes from server time, else null. */
export function staleTs(ts: number, nowMs: number): Reply | null {
  return Math.abs(nowMs - ts) > SIGNED_OP_MAX_SKEW_MS
    ? perpsError('invalid_ts', 'ts must be within 5 minutes of server time (unix milliseconds)')
    : null;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNonNegativeInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function optionalText(body: Record<string, unknown>, field: 'label' | 'code'): string | undefined | null {
  const value = body[field];
  if (value === undefined) return undefined;
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT ? value : null;
}

export function parseSignedOp<T extends PerpsOperationType>(
  bodyText: string,
  type: T,
  parseArgs: ArgsParser<T>,
  rules: EnvelopeRules,
  nowMs: number,
): Parsed<SignedOp<T>> {
  const fail = (reply: Reply) => ({ ok: false, reply }) as const;
  const body = parseJson(bodyText);
  if (!isObject(body)) return fail(invalidRequest('body must be a JSON object'));
  const allowed = new Set<string>(['op', 'sig', 'salt', 'ts', ...rules.extras]);
  const unexpected = Object.keys(body).find((key) => !allowed.has(key));
  if (unexpected !== undefined) return fail(invalidRequest(`unexpected field ${unexpected}`));

  const op = body.op;
  if (!isObject(op)) return fail(invalidRequest('op must be an object {type, args}'));
  const extraOpField = Object.keys(op).find((key) => key !== 'type' && key !== 'args');
  if (extraOpField !== undefined) return fail(invalidRequest(`unexpected field op.${extraOpField}`));
  if (op.type !== type) return fail(invalidRequest(`op.type must be "${type}"`));
  if (!isObject(op.args)) return fail(invalidArgs('args must be an object'));
  const args = parseArgs(op.args, nowMs);
  if (typeof args === 'string') return fail(invalidArgs(args));

  if (typeof body.sig !== 'string' || !SIGNATURE.test(body.sig)) return fail(invalidRequest('sig must be a 0x-prefixed 65-byte hex signature'));
  if (!isNonNegativeInteger(body.salt)) return fail(invalidRequest('salt must be a non-negative integer'));
  if (!isNonNegativeInteger(body.ts)) return fail(invalidRequest('ts must be an integer (unix milliseconds)'));
  const stale = rules.deferFreshness ? null : staleTs(body.ts, nowMs);
  if (stale) return fail(stale);
  const label = optionalText(body, 'label');
  if (label === null) return fail(invalidRequest(`label must be a non-empty string of at most ${MAX_TEXT} characters`));
  const code = optionalText(body, 'code');
  if (code === null) return fail(invalidRequest(`code must be a non-empty string of at most ${MAX_TEXT} characters`));

  const value: SignedOp<T> = { type, args, sig: body.sig as Hex, salt: body.salt, ts: body.ts };
  if (label !== undefined) value.label = label;
  if (code !== undefined) value.code = code;
  return { ok: true, value };
}

/** The operation's signer, or null when the signature does not recover. */
export async function recoverOpSigner<T extends PerpsOperationType>(info: PerpsExchangeInfo, op: SignedOp<T>): Promise<Hex | null> {
  try {
    return await recoverPerpsOperationSigner(info, op.type, op.args, op.salt, op.ts, op.sig);
  } catch {
    return null;
  }
}
