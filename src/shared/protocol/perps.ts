/**
 * The perpetuals exchange (`/v1`) on the wire: routes, weights, list caps, query parameters,
 * error identifiers and the record payloads. The spec gives the fields and leaves statuses, most
 * error identifiers, query parameter names, list order and the weight budget to us; those
 * decisions are written in docs/decisions/ ("Perpetuals exchange") and fixed here, so the
 * sandbox that serves them and the core that calls them import one file.
 *
 * Units follow the spec: amounts in signed ops are decimal strings in asset units, amounts in the
 * transfer history are integer base units (the asset's `decimals`), funding and equity are
 * decimal strings in USD, timestamps are Unix milliseconds.
 */

/** Every route of the spec's endpoint table, with its weight (spec "Limits"). */
export const PERPS_ROUTES = {
  internalTransfer: { method: 'POST', path: '/v1/account/internal-transfer', weight: 1, auth: 'proxy-signature' },
  createProxy: { method: 'POST', path: '/v1/account/proxy', weight: 1, auth: 'owner-signature' },
  deleteProxy: { method: 'DELETE', path: '/v1/account/proxy', weight: 1, auth: 'owner-signature' },
  invite: { method: 'POST', path: '/v1/account/invite', weight: 1, auth: 'key-headers' },
  applyReferral: { method: 'POST', path: '/v1/account/referral', weight: 1, auth: 'key-headers' },
  readReferral: { method: 'GET', path: '/v1/account/referral', weight: 1, auth: 'key-headers' },
  transfers: { method: 'GET', path: '/v1/account/internal-transfers', weight: 10, auth: 'key-headers' },
  funding: { method: 'GET', path: '/v1/account/funding', weight: 10, auth: 'key-headers' },
  equity: { method: 'GET', path: '/v1/account/equity', weight: 10, auth: 'key-headers' },
  trades: { method: 'GET', path: '/v1/info/trades', weight: 10, auth: 'none' },
  assets: { method: 'GET', path: '/v1/info/assets', weight: 2, auth: 'none' },
  exchange: { method: 'GET', path: '/v1/info/exchange', weight: 2, auth: 'none' },
} as const;

export type PerpsRouteName = keyof typeof PERPS_ROUTES;
export type PerpsAuthKind = (typeof PERPS_ROUTES)[PerpsRouteName]['auth'];

/**
 * The weight a request counts against the budget: the route's own, and 1 for anything the table
 * does not list (an unknown route still reaches the server and is still counted there).
 */
export function perpsRequestWeight(method: string, path: string): number {
  const upper = method.toUpperCase();
  for (const route of Object.values(PERPS_ROUTES)) if (route.method === upper && route.path === path) return route.weight;
  return 1;
}

/** The key headers of the private account routes (spec "Authentication", 3). */
export const PERPS_PROXY_HEADER = 'SERVICE-PROXY';
export const PERPS_SECRET_HEADER = 'SERVICE-SECRET';

/**
 * The weight budget: the spec gives weights but no budget, so its size is a setting of the network
 * profile. The sandbox enforces this default per client address; the sandbox profile uses it too.
 */
export interface PerpsWeightBudget {
  /** Weight units allowed in any sliding window of `windowMs`. */
  limit: number;
  windowMs: number;
}
export const SANDBOX_PERPS_WEIGHT_BUDGET: PerpsWeightBudget = { limit: 1200, windowMs: 60_000 };

/** Query parameters of the four history routes (names are ours; the spec gives only meanings). */
export const PERPS_QUERY = {
  start: 'start_time',
  end: 'end_time',
  instrument: 'instrument_id',
  interval: 'interval',
  limit: 'limit',
} as const;

/**
 * The longest proxy lifetime the app asks for, in days. The exchange accepts any future expiry
 * (the spec states no cap); the app's only bound is that the expiry stays a date it can show
 * (JavaScript dates end 100,000,000 days after 1970; this leaves a million days of margin).
 */
export const PERPS_PROXY_MAX_EXPIRY_DAYS = 99_000_000;

/** Entries per request: the spec's caps (funding, trades, equity) and ours for transfers. */
export const PERPS_LIST_CAPS = {
  transfers: 500,
  funding: 100,
  trades: 100,
  equity: 1000,
} as const;

/**
 * List order (ours): newest first by (timestamp, id). `more` is true when entries older than the
 * last one returned exist in [start_time, end_time]. A walk continues with `end_time` = the oldest
 * timestamp returned (inclusive) and drops the ids it already has; equity points have one point
 * per timestamp, so an equity walk continues with `end_time` = oldest − 1.
 * `start_time` defaults to 0 (the beginning), `end_time` to now (the spec's default).
 */
export const PERPS_LIST_ORDER = 'newest-first' as const;

/** The equity kline intervals, exactly as the spec lists them; anything else is refused. */
export const PERPS_EQUITY_INTERVALS = ['1s', '1m', '5m', '15m', '30m', '1h', '4h', '6h', '12h', '1d', '1w'] as const;
export type PerpsEquityInterval = (typeof PERPS_EQUITY_INTERVALS)[number];
export const PERPS_INTERVAL_MS: Record<PerpsEquityInterval, number> = {
  '1s': 1_000,
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '6h': 21_600_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

/**
 * Error identifiers (spec: only `insufficient_margin` is given). Shape errors read
 * `<id>: <what is wrong>` and name the field, e.g. `invalid_args: amount must be a decimal string`.
 */
export const PERPS_ERROR_IDS = {
  insufficientMargin: 'insufficient_margin',
  invalidRequest: 'invalid_request',
  invalidArgs: 'invalid_args',
  invalidTs: 'invalid_ts',
  invalidSignature: 'invalid_signature',
  duplicateSalt: 'duplicate_salt',
  proxyExists: 'proxy_exists',
  unknownProxy: 'unknown_proxy',
  proxyExpired: 'proxy_expired',
  unauthorized: 'unauthorized',
  unknownAccount: 'unknown_account',
  unknownAsset: 'unknown_asset',
  unknownInstrument: 'unknown_instrument',
  invalidInterval: 'invalid_interval',
  invalidReferralCode: 'invalid_referral_code',
  referralLimitReached: 'referral_limit_reached',
  referralCooldown: 'referral_cooldown',
  referralAlreadySet: 'referral_already_set',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
} as const;
export type PerpsErrorId = (typeof PERPS_ERROR_IDS)[keyof typeof PERPS_ERROR_IDS];

/** Every failure (spec "Errors"); `transfer_id` only on the one variant that carries it. */
export interface PerpsErrorBody {
  status: 'err';
  error: string;
  /**
   * Our variant: a resent internal transfer whose signed op (same signer, same salt) already
   * settled answers `duplicate_salt` with the id it settled under, so a client that lost the first
   * answer learns the transfer happened, and under which id.
   */
  transfer_id?: number;
}

export interface PerpsSignedOpBody<A> {
  op: { type: string; args: A };
  sig: string;
  salt: number;
  ts: number;
  label?: string;
  code?: string;
}

export interface PerpsInternalTransferOk {
  status: 'ok';
  transfer_id: number;
}
export interface PerpsCreateProxyOk {
  status: 'ok';
  secret: string;
}
export interface PerpsOk {
  status: 'ok';
}

export interface PerpsList<T> {
  data: T[];
  more: boolean;
}

/** A settled transfer, inbound or outbound, as the account's history lists it. */
export interface PerpsTransferRecord {
  transfer_id: number;
  /** Asset name, e.g. `USDC`. */
  asset: string;
  /** Integer base units of the asset, as a decimal string; negative for outbound (ours). */
  amount: string;
  counterparty: string;
  created_timestamp: number;
  label: string;
}

export interface PerpsFundingRecord {
  instrument_id: number;
  /** Signed position size in contracts (negative: short). */
  size: string;
  funding_rate: string;
  funding_asset: string;
  /** Signed: negative when the account paid. */
  funding: string;
  timestamp: number;
}

/** `[timestamp ms, equity in USD]`. */
export type PerpsEquityPoint = [number, string];

export interface PerpsPublicTrade {
  trade_id: number;
  instrument_id: number;
  price: string;
  quantity: string;
  timestamp: number;
  hash: string;
}

export interface PerpsCollateralAsset {
  asset: string;
  address: string;
  decimals: number;
  collateral_ratio: string;
  withdrawal_fee: string;
}

export interface PerpsExchangeInfoBody {
  name: string;
  version: string;
  chain_id: number;
  contract: string;
}

export interface PerpsAccountReferral {
  code: string;
  children_count: number;
  referrals_left: number;
  fee_share_rate: string;
  parent?: string;
}

export interface PerpsInviteResponse {
  status: 'ok';
  code: string;
  referrals_available: number;
  /** 0 when a referral can be taken now; > 0 during a cooldown; null once the lifetime cap is used up. */
  cooldown_ms: number | null;
}

/** An instrument as a network profile names it (the spec has no route that lists instruments). */
export interface PerpsInstrument {
  id: number;
  symbol: string;
}
