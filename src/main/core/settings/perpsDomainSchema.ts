/**
 * The perpetuals exchange's EIP-712 signing domain as a network profile pins it. The client signs
 * perps operations under these values only; the server's `GET /v1/info/exchange` is checked
 * against them, never trusted in their place (accounts/perpsDomainPin.ts).
 */
import { z } from 'zod';

export const perpsDomainSchema = z
  .object({
    name: z.string().min(1).max(100),
    version: z.string().min(1).max(40),
    chainId: z.int().positive(),
    verifyingContract: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed 20-byte hex address'),
  })
  .strict();

export type PerpsDomain = z.output<typeof perpsDomainSchema>;
