/**
 * A network profile: where the four services of one deployment live and what the app signs for
 * there. The embedded sandbox is one built-in profile; users add others (production, staging, a
 * colleague's test deployment). Profiles hold no secrets, so they export and import as JSON.
 *
 * Shared by the core (which validates, stores and opens profiles) and the renderer (which edits
 * them): one schema, so a form and an imported file are refused for the same reasons.
 */
import { z } from 'zod';
import { PUBLIC_CHAIN_137_CONTRACTS } from './orders/orderSchema';
import { SANDBOX_PERPS_WEIGHT_BUDGET } from './protocol/perps';

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

const address = z.string().max(42, 'a 0x-prefixed 20-byte hex address').regex(/^0x[0-9a-fA-F]{40}$/, 'a 0x-prefixed 20-byte hex address');

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
  .max(40, 'at most 40 characters')
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and "-", at most 40, starting with a letter or digit');

export const networkProfileSchema = z
  .object({
    id: networkProfileIdSchema,
    // Bounded before trimming too, so the bridge's frame bound holds for any input.
    label: z.string().max(256, 'a label must be at most 60 characters').trim().min(1, 'a label is required').max(60, 'a label must be at most 60 characters'),
    urls: profileUrlsSchema,
    chainId: z.int().positive(),
    contracts: profileContractsSchema,
    /** The perps EIP-712 domain to sign under; without it perps operations are refused. */
    perpsDomain: profilePerpsDomainSchema.nullable(),
    /** The perps exchange's weight budget (the spec gives weights, not a budget). */
    perpsWeightBudget: z.object({ limit: z.int().min(10).max(1_000_000), windowMs: z.int().min(1_000).max(3_600_000) }).strict(),
    /** The perps instruments (id + symbol): the spec has no route that lists them. */
    perpsInstruments: z
      .array(
        z
          .object({
            id: z.int().min(0).max(2 ** 31),
            // Plain ASCII: a symbol is a ticker, and the bound keeps a full profile within one bridge frame.
            symbol: z.string().max(40).regex(/^[A-Za-z0-9._/-]{1,40}$/, 'a symbol has letters, digits and ". _ / -" only'),
          })
          .strict(),
      )
      .max(1_000),
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

/**
 * The analytics service's other protocol contracts on chain 137 (collateral, conditional tokens,
 * neg-risk adapter): public deployments the exchanges settle through.
 */
export const CHAIN_137_PROTOCOL_CONTRACTS = {
  collateral: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174',
  conditionalTokens: '0x4D97DCd97eC945f40cF65F87097ACe5EA0476045',
  negRiskAdapter: '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296',
} as const;

/** The default safety margin of a new profile's rate budgets (rateBudget.ts safetyFactor). */
export const DEFAULT_BUDGET_SAFETY_FACTOR = 0.9;

/**
 * A new profile's starting values: chain 137's public contracts (wire-formats.md), the sandbox's
 * perps weight budget (the spec gives weights, not a budget) and no pinned perps domain (the user
 * copies it from the deployment's documentation; the connection test compares it with the server).
 */
export function newProfileDefaults(): Omit<NetworkProfile, 'id' | 'label' | 'urls'> {
  const { chainId, ...exchanges } = PUBLIC_CHAIN_137_CONTRACTS;
  return {
    chainId,
    contracts: { ...exchanges, ...CHAIN_137_PROTOCOL_CONTRACTS },
    perpsDomain: null,
    perpsWeightBudget: { ...SANDBOX_PERPS_WEIGHT_BUDGET },
    perpsInstruments: [],
    budgetSafetyFactor: DEFAULT_BUDGET_SAFETY_FACTOR,
  };
}

/** What Settings → Networks lists: the built-in sandbox, the user's profiles, the active one. */
export interface NetworkProfilesView {
  activeId: string;
  /** The embedded sandbox: always there, never edited; its URLs exist only while it runs. */
  sandbox: { id: typeof SANDBOX_NETWORK_ID; label: string };
  profiles: NetworkProfile[];
}

/** Why an import refused one profile of the file (nothing is imported when any is refused). */
export interface RefusedImport {
  /** Position in the file's `profiles` list, from 1. */
  position: number;
  id: string | null;
  label: string | null;
  problems: string[];
}

export interface NetworkProfilesImportResult {
  /** Ids written (empty when anything was refused: an import is all or nothing). */
  imported: string[];
  refused: RefusedImport[];
  /** A problem with the file as a whole (not JSON, wrong format, too many profiles). */
  fileProblem: string | null;
  view: NetworkProfilesView;
}

export interface NetworkProfilesExport {
  fileName: string;
  /**
   * Browser mode: the file's JSON text (networkProfilesFileSchema) for the page to download; it
   * holds no secrets, so it may cross the bridge. Null when the core saved the file itself.
   */
  text: string | null;
  /** Desktop: where the save dialog put the file; null in browser mode. */
  savedTo: string | null;
  count: number;
}

// ── connection test ──
export type ProfileService = keyof z.output<typeof profileUrlsSchema>;

/** Why a check failed, as a user can act on it. */
export type ConnectionFailureKind = 'dns' | 'refused' | 'tls' | 'timeout' | 'status' | 'shape' | 'network' | 'mismatch';

export interface ConnectionCheck {
  service: ProfileService;
  /** What was asked, e.g. `GET /time`. */
  call: string;
  /** A short name of the check, e.g. "Server time". */
  name: string;
  outcome: 'passed' | 'warning' | 'failed';
  /** What was learnt (a version, a clock difference) or why it failed, in a sentence. */
  detail: string;
  failure: ConnectionFailureKind | null;
}

export interface ClockSkewReading {
  /** Server clock minus this computer's clock, in ms (positive: the server is ahead). */
  skewMs: number;
  /** How far off the reading can be (half the round trip plus the server's whole-second rounding). */
  uncertaintyMs: number;
  /** The window the services accept signed timestamps in, either way. */
  windowMs: number;
  beyondWindow: boolean;
}

export interface ConnectionTestReport {
  label: string;
  /** Unix ms, when the test started (this computer's clock). */
  testedAt: number;
  checks: ConnectionCheck[];
  clock: ClockSkewReading | null;
  /**
   * The signing domain the perps exchange serves (`/v1/info/exchange`), in the profile's shape,
   * for the form to offer; null when it did not answer with one.
   */
  servedPerpsDomain: z.output<typeof profilePerpsDomainSchema> | null;
  /** No check failed (warnings allowed). */
  passed: boolean;
}
