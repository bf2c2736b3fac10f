/**
 * Risk limits per network and account, in main's settings (`riskLimits`: network id → account
 * id → every limit). An account that never set its limits on a network has that network's
 * defaults: off on the sandbox, on with the figures below on every live network. A stored entry
 * that does not parse (a hand-edited file) reads as absent: the defaults, never "off".
 */
import { RISK_LIMIT_KEYS, type RiskLimits, type RiskLimitsChange } from '../../../shared/riskLimits';
import { riskLimitsSchema } from '../../../shared/riskLimitsSchemas';
import type { NetworkInfo } from '../../../shared/viewModels';
import { StorageFault } from '../dataFolder/storageFaults';
import type { SettingsStore } from '../settings/settingsStore';

/** Off: the sandbox's paper money needs no limit, and its tests and demos stay one click. */
export const SANDBOX_DEFAULT_LIMITS: Readonly<RiskLimits> = Object.freeze({
  maxOrderNotionalUsd: null,
  maxOpenOrders: null,
  maxPositionShares: null,
  maxPositionUsd: null,
  maxDailyNotionalUsd: null,
  dailyLossStopUsd: null,
});

/**
 * On a live network (docs/decisions/40-risk-limits/03-defaults.md): wide enough for ordinary
 * manual trading and a full quote grid, tight enough that a fat finger or a runaway script
 * stops at a loss the user can absorb.
 */
export const LIVE_DEFAULT_LIMITS: Readonly<RiskLimits> = Object.freeze({
  maxOrderNotionalUsd: '1000',
  maxOpenOrders: '50',
  maxPositionShares: '10000',
  maxPositionUsd: '5000',
  maxDailyNotionalUsd: '10000',
  dailyLossStopUsd: '500',
});

export const defaultLimitsFor = (network: NetworkInfo): Readonly<RiskLimits> => (network.isSandbox ? SANDBOX_DEFAULT_LIMITS : LIVE_DEFAULT_LIMITS);

export type StoredRiskLimits = Record<string, Record<string, RiskLimits>>;

/** The stored map, each entry checked on its own: one bad entry does not take the others with it. */
export function checkedRiskLimits(value: unknown): StoredRiskLimits {
  if (!isRecord(value)) return {};
  const byNetwork: StoredRiskLimits = {};
  for (const [networkId, accounts] of Object.entries(value)) {
    if (!isRecord(accounts)) continue;
    const byAccount: Record<string, RiskLimits> = {};
    for (const [accountId, limits] of Object.entries(accounts)) {
      const parsed = riskLimitsSchema.safeParse(limits);
      if (parsed.success) byAccount[accountId] = parsed.data as RiskLimits;
    }
    byNetwork[networkId] = byAccount;
  }
  return byNetwork;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class RiskLimitStore {
  /**
   * Changes a full or read-only disk refused to save, by network and account. They apply until
   * Marketdesk quits (a limit the user just lowered must hold now, not after some space is freed)
   * and are written with the next change that the disk accepts.
   */
  private readonly unsaved: StoredRiskLimits = {};
  /** Why the changes above are not saved yet (the disk's own sentence), or null. */
  private unsavedProblem: string | null = null;

  constructor(private readonly settings: SettingsStore) {}

  read(network: NetworkInfo, accountId: string): { limits: RiskLimits; usingDefaults: boolean } {
    const stored = this.unsaved[network.id]?.[accountId] ?? this.settings.get('riskLimits')[network.id]?.[accountId];
    return stored ? { limits: { ...stored }, usingDefaults: false } : { limits: { ...defaultLimitsFor(network) }, usingDefaults: true };
  }

  /** The sentence the risk panel shows while some limits are applied but not saved. */
  notSaved(): string | null {
    return this.unsavedProblem === null ? null : `${this.unsavedProblem} The new limits apply now, until Marketdesk quits.`;
  }

  /**
   * Applies a change over what holds now (or the defaults) and writes every limit. A disk that
   * refuses the write does not refuse the change: it applies in memory (see `unsaved`).
   */
  apply(network: NetworkInfo, accountId: string, change: RiskLimitsChange): RiskLimits {
    const { limits } = this.read(network, accountId);
    const next = { ...limits };
    for (const key of RISK_LIMIT_KEYS) if (key in change) next[key] = change[key] ?? null;
    const all = withEntry(withAll(this.settings.get('riskLimits'), this.unsaved), network.id, accountId, next);
    try {
      this.settings.set('riskLimits', all);
    } catch (error) {
      if (!(error instanceof StorageFault)) throw error;
      Object.assign(this.unsaved, withEntry(this.unsaved, network.id, accountId, next));
      this.unsavedProblem = error.message;
      return next;
    }
    for (const networkId of Object.keys(this.unsaved)) delete this.unsaved[networkId];
    this.unsavedProblem = null;
    return next;
  }
}

function withEntry(all: StoredRiskLimits, networkId: string, accountId: string, limits: RiskLimits): StoredRiskLimits {
  return { ...all, [networkId]: { ...(all[networkId] ?? {}), [accountId]: limits } };
}

function withAll(stored: StoredRiskLimits, over: StoredRiskLimits): StoredRiskLimits {
  let all = stored;
  for (const [networkId, accounts] of Object.entries(over)) for (const [accountId, limits] of Object.entries(accounts)) all = withEntry(all, networkId, accountId, limits);
  return all;
}
