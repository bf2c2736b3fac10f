/**
 * Checks every answer of the perps exchange against the shapes of src/shared/protocol/perps.ts
 * before anything reads it: a field of the wrong type is a `bad_response` naming the route and
 * the field, never a value that breaks something later.
 */
import { z } from 'zod';
import { CoreError } from '../coreError';

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal string');
const integerText = z.string().regex(/^-?\d+$/, 'an integer string');
const ms = z.number().int().nonnegative();
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address');

const list = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), more: z.boolean() });

export const perpsAnswerSchemas = {
  exchange: z.object({ name: z.string(), version: z.string(), chain_id: z.number().int(), contract: address }),
  assets: z.array(
    z.object({ asset: z.string().min(1), address, decimals: z.number().int().min(0).max(36), collateral_ratio: decimal, withdrawal_fee: decimal }),
  ),
  transfers: list(
    z.object({ transfer_id: z.number().int(), asset: z.string(), amount: integerText, counterparty: address, created_timestamp: ms, label: z.string() }),
  ),
  funding: list(
    z.object({ instrument_id: z.number().int(), size: decimal, funding_rate: decimal, funding_asset: z.string(), funding: decimal, timestamp: ms }),
  ),
  equity: list(z.tuple([ms, decimal])),
  trades: list(
    z.object({ trade_id: z.number().int(), instrument_id: z.number().int(), price: decimal, quantity: decimal, timestamp: ms, hash: z.string() }),
  ),
  referral: z.object({
    code: z.string(),
    children_count: z.number().int().min(0),
    referrals_left: z.number().int().min(0),
    fee_share_rate: decimal,
    parent: z.string().optional(),
  }),
  invite: z.object({
    status: z.literal('ok'),
    code: z.string(),
    referrals_available: z.number().int().min(0),
    cooldown_ms: z.number().int().min(0).nullable(),
  }),
  ok: z.object({ status: z.literal('ok') }),
  transfer: z.object({ status: z.literal('ok'), transfer_id: z.number().int() }),
} as const;

export type PerpsAnswer<K extends keyof typeof perpsAnswerSchemas> = z.output<(typeof perpsAnswerSchemas)[K]>;

export function parsePerpsAnswer<K extends keyof typeof perpsAnswerSchemas>(kind: K, call: string, value: unknown): PerpsAnswer<K> {
  const parsed = perpsAnswerSchemas[kind].safeParse(value);
  if (parsed.success) return parsed.data as PerpsAnswer<K>;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the body';
  throw new CoreError('bad_response', `The perpetuals exchange answered ${call} with an unexpected shape (${where}: ${issue?.message ?? 'invalid'}).`);
}
