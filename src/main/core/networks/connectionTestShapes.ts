/**
 * The answers the connection test expects, as zod schemas: an answer that is not one of these
 * fails the check as "unexpected shape", naming the first field that is wrong.
 */
import { z } from 'zod';

/** `GET /version`: the order schema the order-book service accepts (1 legacy, 2 current). */
export const clobVersionShape = z.object({ version: z.union([z.literal(1), z.literal(2)]) }).loose();

/** `GET /time`: unix seconds as a JSON number. */
export const clobTimeShape = z.int().min(1_000_000_000).max(99_999_999_999);

/** `GET /events?limit=…`: a JSON array of events, each with at least an id. */
export const catalogPageShape = z.array(z.object({ id: z.union([z.string(), z.number()]) }).loose()).max(1_000);

/** `GET /v1/info/exchange`: the EIP-712 domain the perps exchange says it signs under. */
export const perpsExchangeShape = z
  .object({
    name: z.string().min(1),
    version: z.string().min(1),
    chain_id: z.int().positive(),
    contract: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  })
  .loose();

/** The first problem of a failed parse, as "field: message". */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected answer';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the answer';
  return `${where}: ${issue.message}`;
}
