/**
 * A network profile: where the four services of one deployment live and what the app signs for
 * there. The embedded sandbox is one built-in profile; users add others (production, staging, a
 * colleague's test deployment). Profiles hold no secrets, so they export and import as JSON.
 *
 * Shared by the core (which validates, stores and opens profiles) and the renderer (which edits
 * them): one schema, so a form and an imported file are refused for the same reasons.
 */
import { z } from 'zod';

/** The embedded sandbox's profile id; always present, never edited or deleted. */
export const SANDBOX_NETWORK_ID = 'sandbox';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Loopback hosts may speak plain http (a local deployment); every other host must be https. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Why a service URL is refused, or null when it is fine. */
export function serviceUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `must start with https:// (it starts with ${url.protocol}//)`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return `must use https:// (plain http:// is allowed only for this computer: 127.0.0.1 or localhost)`;
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.search || url.hash) return 'must not carry a query or fragment';
  return null;
}

const serviceUrl = z
  .string()
  .max(2_000)
  .superRefine((value, ctx) => {
    const problem = serviceUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  // One form for comparisons and the budget lock: no trailing slash.
  .transform((value) => value.replace(/\/+$/, ''));

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed 20-byte hex address');

export const profileUrlsSchema = z.object({ clob: serviceUrl, catalog: serviceUrl, analytics: serviceUrl, perps: serviceUrl }).strict();

/**
 * The contracts orders are signed for and the protocol contracts the analytics service refuses as
 * a `user` (wire-formats.md lists the chain-137 values; they are configuration, not constants).
 */
export const profileContractsSchema = z
  .object({
    exchange: address,
    negRiskExchange: address,
    exchangeV1: address,
    negRiskExchangeV1: address,
    /** EIP-712 domain name of the order-book exchange ("Polymarket CTF Exchange" on chain 137). */
    domainName: z.string().min(1).max(100),
    collateral: address.optional(),
    conditionalTokens: address.optional(),
    negRiskAdapter: address.optional(),
  })
  .strict();

export const profilePerpsDomainSchema = z
  .object({
    name: z.string().min(1).max(100),
    version: z.string().min(1).max(40),
    chainId: z.int().positive(),
    verifyingContract: address,
  })
  .strict();

export const networkProfileIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and "-", at most 40, starting with a letter or digit');

export const networkProfileSchema = z
  .object({
    id: networkProfileIdSchema,
    label: z.string().trim().min(1, 'a label is required').max(60),
    urls: profileUrlsSchema,
    chainId: z.int().positive(),
    contracts: profileContractsSchema,
    /** The perps EIP-712 domain to sign under; without it perps operations are refused. */
    perpsDomain: profilePerpsDomainSchema.nullable(),
    /** The perps exchange's weight budget (the spec gives weights, not a budget). */
    perpsWeightBudget: z.object({ limit: z.int().min(10).max(1_000_000), windowMs: z.int().min(1_000).max(3_600_000) }).strict(),
    /** The perps instruments (id + symbol): the spec has no route that lists them. */
    perpsInstruments: z.array(z.object({ id: z.int().min(0).max(2 ** 31), symbol: z.string().min(1).max(40) }).strict()).max(1_000),
    /** Fraction of each documented rate limit the client allows itself (rateBudget.ts safetyFactor). */
    budgetSafetyFactor: z.number().min(0.5).max(1),
  })
  .strict();

export type NetworkProfile = z.output<typeof networkProfileSchema>;
export type NetworkProfileInput = z.input<typeof networkProfileSchema>;

/** An exported file: a versioned list of profiles (never the sandbox, never a secret). */
export const networkProfilesFileSchema = z
  .object({
    format: z.literal('marketdesk-network-profiles'),
    version: z.literal(1),
    profiles: z.array(networkProfileSchema).max(50),
  })
  .strict();

export type NetworkProfilesFile = z.output<typeof networkProfilesFileSchema>;
