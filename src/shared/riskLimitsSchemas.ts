/**
 * The schemas of the risk limits (what each limit is: riskLimits.ts): main parses stored limits
 * and every change with them, and the Trade view's limits form checks its drafts with the same
 * one (it loads this, and zod, only when the form opens).
 */
import { z } from 'zod';
import { RISK_LIMIT_INFO, RISK_LIMIT_KEYS, RISK_LIMIT_MAX, type RiskLimitKey } from './riskLimits';

const limitValueSchema = (key: RiskLimitKey) => {
  const { decimals, unit } = RISK_LIMIT_INFO[key];
  const pattern = decimals === 0 ? /^\d{1,10}$/ : new RegExp(`^\\d{1,10}(\\.\\d{1,${decimals}})?$`);
  const what = decimals === 0 ? `a whole number of ${unit}` : `a number of ${unit} with at most ${decimals} decimals`;
  return z
    .string()
    .max(16, `must be ${what}`)
    .regex(pattern, `must be ${what}`)
    .refine((value) => Number(value) <= RISK_LIMIT_MAX, `must be at most ${RISK_LIMIT_MAX.toLocaleString('en-US')}`)
    .nullable();
};

/** Every limit: a value or null (off). Stored in main's settings in this shape. */
export const riskLimitsSchema = z
  .object(Object.fromEntries(RISK_LIMIT_KEYS.map((key) => [key, limitValueSchema(key)])) as Record<RiskLimitKey, ReturnType<typeof limitValueSchema>>)
  .strict();

/** A change of some limits (the rest stay): at least one. */
export const riskLimitsChangeSchema = riskLimitsSchema
  .partial()
  .refine((change) => Object.keys(change).length > 0, { message: 'name at least one limit to change' });
