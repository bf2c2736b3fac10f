/**
 * Pre-trade risk limits (issue 19): what each limit is, its unit, and the shapes the bridge
 * carries. A limit's value is an exact decimal string, or null when it is off. Main checks every
 * order, grid and amend against them before anything is signed (src/main/core/risk/). The
 * schemas are apart (riskLimitsSchemas.ts): Trade shows the limits from here without loading zod.
 */
export const RISK_LIMIT_KEYS = [
  'maxOrderNotionalUsd',
  'maxOpenOrders',
  'maxPositionShares',
  'maxPositionUsd',
  'maxDailyNotionalUsd',
  'dailyLossStopUsd',
] as const;

export type RiskLimitKey = (typeof RISK_LIMIT_KEYS)[number];

/** Each limit's value (decimal string), or null when it is off. */
export type RiskLimits = Record<RiskLimitKey, string | null>;

export type RiskLimitUnit = 'USD' | 'shares' | 'orders';

export interface RiskLimitInfo {
  /** The limit's name in a sentence: "maximum order notional". */
  name: string;
  /** Its short label in the panel. */
  label: string;
  unit: RiskLimitUnit;
  /** Decimals a value may have. */
  decimals: number;
}

export const RISK_LIMIT_INFO: Record<RiskLimitKey, RiskLimitInfo> = {
  maxOrderNotionalUsd: { name: 'maximum order notional', label: 'Order notional', unit: 'USD', decimals: 2 },
  maxOpenOrders: { name: 'maximum open orders', label: 'Open orders', unit: 'orders', decimals: 0 },
  maxPositionShares: { name: 'maximum position per market', label: 'Position, shares', unit: 'shares', decimals: 2 },
  maxPositionUsd: { name: 'maximum position per market', label: 'Position, USD', unit: 'USD', decimals: 2 },
  maxDailyNotionalUsd: { name: 'maximum traded notional per day', label: 'Traded today', unit: 'USD', decimals: 2 },
  dailyLossStopUsd: { name: 'daily loss stop', label: 'Loss today', unit: 'USD', decimals: 2 },
};

/** The largest value any limit takes: a billion of its unit. */
export const RISK_LIMIT_MAX = 1_000_000_000;

export type RiskLimitsChange = Partial<RiskLimits>;

/**
 * Whether a change raises risk: a higher value, or a limit turned off. Raising waits for the
 * user's answer in a surface main owns; lowering or turning a limit on does not (it reduces risk).
 */
export function raisesRisk(from: string | null, to: string | null): boolean {
  if (to === null) return from !== null;
  if (from === null) return false;
  return Number(to) > Number(from);
}

/** The limits a change raises, in the table's order. */
export function raisedLimits(current: RiskLimits, change: RiskLimitsChange): RiskLimitKey[] {
  return RISK_LIMIT_KEYS.filter((key) => key in change && raisesRisk(current[key], change[key] ?? null));
}

/** What the account has used of its limits now (the figures the checks use). */
export interface RiskUsage {
  openOrders: number;
  /** USD of today's fills, both sides (UTC day). */
  tradedTodayUsd: string;
  /** Realised profit (positive) or loss (negative) of today's fills, at average cost. */
  realisedTodayUsd: string;
  /** The selected outcome: shares held plus open buy orders', and their USD. */
  position: { tokenId: string; shares: string; usd: string } | null;
  /** When today's fills were last read from the exchange (unix ms); null when not yet. */
  fillsReadAt: number | null;
}

export interface RiskStateView {
  networkId: string;
  networkLabel: string;
  isSandbox: boolean;
  accountId: string | null;
  accountLabel: string | null;
  limits: RiskLimits;
  /** True while the account has never set its limits on this network (the network's defaults apply). */
  usingDefaults: boolean;
  /** Raising a limit or turning one off waits for a confirmation in main's own window. */
  raisingNeedsConfirmation: boolean;
  /** Null when the account cannot trade now; `usageNote` says why. */
  usage: RiskUsage | null;
  usageNote: string | null;
  /** The UTC day the daily limits count (unix ms of its start and end). */
  day: { startsAt: number; endsAt: number };
  /** Set while a full or read-only disk keeps changed limits from being saved: they apply until quit. */
  notSaved: string | null;
}

export type KillSwitchOutcome = 'cancelled' | 'not-all-cancelled' | 'failed' | 'no-credentials' | 'watch-only';

export interface KillSwitchAccountResult {
  accountId: string;
  label: string;
  address: string;
  outcome: KillSwitchOutcome;
  canceled: string[];
  notCanceled: Record<string, string>;
  /** Why nothing could be cancelled for this account (failed, no credentials, watch-only). */
  reason: string | null;
  /** Its heartbeats were running and are stopped now. */
  heartbeatStopped: boolean;
}

export interface KillSwitchResult {
  networkId: string;
  networkLabel: string;
  at: number;
  accounts: KillSwitchAccountResult[];
}
