/**
 * The shapes of the guardrail settings (per-network pro mode and live acknowledgements), checked
 * on read: a hand-edited value that does not parse falls back to empty, which on a live network
 * means "confirm every order" and "explain again" — the safe side.
 */
import { z } from 'zod';

const idSchema = z.string().min(1).max(200);
const confirmByAccountSchema = z.record(idSchema, z.boolean());
const confirmByNetworkSchema = z.record(idSchema, confirmByAccountSchema);
const acknowledgementsSchema = z.record(idSchema, z.record(idSchema, z.record(idSchema, z.number().nonnegative())));

const schemas = {
  confirmOrdersByAccount: confirmByAccountSchema,
  confirmOrdersByNetwork: confirmByNetworkSchema,
  liveAcknowledgements: acknowledgementsSchema,
} as const;

export function checkedGuardrailSetting(key: keyof typeof schemas, value: unknown): unknown {
  const parsed = schemas[key].safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}
