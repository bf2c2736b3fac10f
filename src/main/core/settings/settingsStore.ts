/**
 * Non-secret settings. In Electron the shell may hand in electron-store; under plain Node
 * (browser mode, tests) its engine `conf` is used with the same schema, in the data directory.
 */
import { z } from 'zod';
import type { StorageReport } from '../dataFolder/storageHealth';
import { MemoryBackedConf } from './memoryBackedConf';
import { perpsDomainSchema } from './perpsDomainSchema';
import { checkedGuardrailSetting } from './guardrailSettings';
import { checkedRiskLimits, type StoredRiskLimits } from '../risk/riskLimitStore';
import { SANDBOX_PERPS_WEIGHT_BUDGET } from '../../../shared/protocol/perps';
import { updateFeedUrlProblem } from '../../../shared/updates';
import { networkProfileSchema, SANDBOX_NETWORK_ID, type NetworkProfile } from '../../../shared/networkProfiles';
import { DEFAULT_DISPLAY_PREFS, type DisplayPrefs, type FiredAlert, type PriceAlert } from '../../../shared/prefs';
import { alertLogSchema, alertStoreSchema, displayPrefsSchema } from '../../../shared/prefsSchemas';

export const customNetworkSchema = z
  .object({
    label: z.string().min(1).max(60),
    clob: z.url({ protocol: /^https?$/ }),
    catalog: z.url({ protocol: /^https?$/ }),
    analytics: z.url({ protocol: /^https?$/ }),
    perps: z.url({ protocol: /^https?$/ }),
    chainId: z.int().positive().default(137),
    /** The perps EIP-712 domain to sign under; without it perps operations are refused. */
    perpsDomain: perpsDomainSchema.optional(),
    /** The perps exchange's weight budget (the spec gives weights, not a budget). */
    perpsWeightBudget: z
      .object({ limit: z.int().min(10).max(1_000_000), windowMs: z.int().min(1_000).max(3_600_000) })
      .strict()
      .default(SANDBOX_PERPS_WEIGHT_BUDGET),
    /** The perps instruments (id + symbol): the spec has no route that lists them. */
    perpsInstruments: z
      .array(z.object({ id: z.int().min(0).max(2 ** 31), symbol: z.string().min(1).max(40) }).strict())
      .max(1_000)
      .default([]),
  })
  .strict();

export type CustomNetwork = z.output<typeof customNetworkSchema>;

// A type alias, not an interface: conf's typed defaults need the implicit index signature.
export type SettingsData = {
  /** Before network profiles: `custom` pointed at `customNetwork` (carried over by networks/profileStore.ts). */
  network: 'sandbox' | 'custom';
  customNetwork: CustomNetwork | null;
  /** The user's network profiles (the embedded sandbox is built in, not stored). */
  networkProfiles: NetworkProfile[];
  /** The network the core runs against: SANDBOX_NETWORK_ID or a profile's id. */
  activeNetworkId: string;
  sandboxSeed: number;
  /** Minutes of inactivity before the vault locks itself; 0 = never. */
  autoLockMinutes: number;
  /** Main asks in its own surface on the sandbox too (it always does on live networks); off by default. */
  mainConfirmationsOnSandbox: boolean;
  /** Before per-network pro mode: per account, ask before sending an order (read once as the sandbox's, guardrails/proMode.ts). */
  confirmOrdersByAccount: Record<string, boolean>;
  /** By network id, then account id: ask before sending an order (off = "pro" mode). */
  confirmOrdersByNetwork: Record<string, Record<string, boolean>>;
  /** By network id, then account id, then operation kind: when its first live use was explained (guardrails). */
  liveAcknowledgements: Record<string, Record<string, Record<string, number>>>;
  /** risk: by network id, then account id, every pre-trade risk limit (absent: the network's defaults). */
  riskLimits: StoredRiskLimits;
  /** Theme, price and time formats, default order size, fill alerts (prefs). */
  displayPrefs: DisplayPrefs;
  /** Before networks: the price alerts waiting to fire, now the sandbox's (alerts/networkAlertLists.ts). */
  priceAlerts: PriceAlert[];
  /** Before networks: the alerts that fired, newest first, now the sandbox's. */
  alertLog: FiredAlert[];
  /** Price alerts waiting to fire, by network id. */
  priceAlertsByNetwork: Record<string, PriceAlert[]>;
  /** Alerts that fired, newest first, by network id. */
  alertLogByNetwork: Record<string, FiredAlert[]>;
  /** Markets watchlists (event ids), by network id (`default`: an older file's, the sandbox's; catalog/watchlist.ts). */
  watchlists: Record<string, string[]>;
  /** The update feed, set only by editing settings.json by hand (https only; no bridge channel writes it); null uses the installer's own feed. */
  updateFeedUrl: string | null;
};

const defaults: SettingsData = {
  network: 'sandbox',
  customNetwork: null,
  networkProfiles: [],
  activeNetworkId: SANDBOX_NETWORK_ID,
  sandboxSeed: 7,
  autoLockMinutes: 15,
  mainConfirmationsOnSandbox: false,
  confirmOrdersByAccount: {},
  confirmOrdersByNetwork: {},
  liveAcknowledgements: {},
  riskLimits: {},
  displayPrefs: DEFAULT_DISPLAY_PREFS,
  priceAlerts: [],
  alertLog: [],
  priceAlertsByNetwork: {},
  alertLogByNetwork: {},
  watchlists: {},
  updateFeedUrl: null,
};

/** A map of lists by network id, each list re-parsed; a network whose list fails reads as empty. */
function checkedByNetwork<T>(value: unknown, schema: z.ZodType<T[]>): Record<string, T[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).map(([networkId, list]) => {
      const parsed = schema.safeParse(list);
      return [networkId, parsed.success ? parsed.data : []];
    }),
  );
}

/**
 * A hand-edited or older file must not feed the app malformed values: each key with a schema is
 * re-parsed on read, and a value that fails falls back to its default (prefs merge over the
 * defaults so a file from before a new preference still reads).
 */
function checkedRead<K extends keyof SettingsData>(key: K, value: SettingsData[K]): SettingsData[K] {
  if (key === 'customNetwork' && value !== null) {
    const parsed = customNetworkSchema.safeParse(value);
    return (parsed.success ? parsed.data : null) as SettingsData[K];
  }
  if (key === 'networkProfiles') {
    // A hand-edited profile that no longer parses is dropped, not fed to the network code.
    const list: unknown[] = Array.isArray(value) ? value : [];
    return list.flatMap((item) => {
      const parsed = networkProfileSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }) as SettingsData[K];
  }
  if (key === 'activeNetworkId') return (typeof value === 'string' ? value : SANDBOX_NETWORK_ID) as SettingsData[K];
  if (key === 'confirmOrdersByNetwork' || key === 'liveAcknowledgements' || key === 'confirmOrdersByAccount') {
    return checkedGuardrailSetting(key, value) as SettingsData[K];
  }
  if (key === 'riskLimits') return checkedRiskLimits(value) as SettingsData[K];
  if (key === 'displayPrefs') {
    const parsed = displayPrefsSchema.safeParse({ ...DEFAULT_DISPLAY_PREFS, ...(value as object) });
    return (parsed.success ? parsed.data : DEFAULT_DISPLAY_PREFS) as SettingsData[K];
  }
  if (key === 'priceAlerts') {
    const parsed = alertStoreSchema.safeParse(value);
    return (parsed.success ? parsed.data : []) as SettingsData[K];
  }
  if (key === 'updateFeedUrl') {
    // A hand-edited address that is not https is not fetched: the installer's feed applies instead.
    return (typeof value === 'string' && updateFeedUrlProblem(value) === null ? value : null) as SettingsData[K];
  }
  if (key === 'alertLog') {
    const parsed = alertLogSchema.safeParse(value);
    return (parsed.success ? parsed.data : []) as SettingsData[K];
  }
  if (key === 'priceAlertsByNetwork') return checkedByNetwork(value, alertStoreSchema) as SettingsData[K];
  if (key === 'alertLogByNetwork') return checkedByNetwork(value, alertLogSchema) as SettingsData[K];
  return value;
}

/** What a write of each key saves, in the words of a refused write ("The disk is full: <this> could not be saved …"). */
const WHAT_IS_SAVED: Record<keyof SettingsData, string> = {
  network: 'the network choice',
  customNetwork: 'the network choice',
  networkProfiles: 'the network profiles',
  activeNetworkId: 'the network choice',
  sandboxSeed: 'the sandbox seed',
  autoLockMinutes: 'the auto-lock setting',
  confirmOrdersByAccount: 'the order confirmation setting',
  confirmOrdersByNetwork: 'the order confirmation setting',
  liveAcknowledgements: 'the live-network acknowledgement',
  mainConfirmationsOnSandbox: 'the sandbox confirmation setting',
  riskLimits: 'the risk limits',
  displayPrefs: 'your display preferences',
  priceAlerts: 'the price alerts',
  alertLog: 'the alert log',
  priceAlertsByNetwork: 'the price alerts',
  alertLogByNetwork: 'the alert log',
  watchlists: 'the watchlist',
  updateFeedUrl: 'the update feed',
};

export interface SettingsStore {
  get<K extends keyof SettingsData>(key: K): SettingsData[K];
  set<K extends keyof SettingsData>(key: K, value: SettingsData[K]): void;
}

export function openSettings(dataDir: string, report?: StorageReport): SettingsStore {
  const store = new MemoryBackedConf<SettingsData>(
    { cwd: dataDir, configName: 'settings', projectName: 'marketdesk', defaults, clearInvalidConfig: false },
    { describe: (key) => WHAT_IS_SAVED[key], ...(report ? { report } : {}) },
  );
  return {
    get: (key) => checkedRead(key, store.get(key)),
    set: (key, value) => store.set(key, value),
  };
}
