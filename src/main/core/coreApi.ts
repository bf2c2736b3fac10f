/**
 * What a transport (Electron IPC or the browser-mode WebSocket host) needs from the core.
 * Transports own no logic: they check who is calling, then hand the raw input to `dispatch`,
 * which parses it with the contract's schema before any handler runs.
 */
import type { BackoffPolicy, LoopClock } from './status/backoff';
import type { TradingRecoveryTiming } from './trading/tradingDesk';
import type { PerpsWeightBudget } from '../../shared/protocol/perps';
import type { EventName, EventPayload, Unsubscribe } from '../../shared/contract';
import type { BridgeResult } from '../../shared/result';
import type { SecretPresenter } from './accounts/secretPresenter';
import type { ConfirmationSurface } from './authority/confirmationSurface';
import type { OsKeyStore, ScryptCost } from './custody';
import type { Logger } from './log';
import type { ServiceUrls } from './net/serviceNames';
import type { SaveDialogPort } from './portfolio/fileExport';
import type { PendingDownload } from './portfolio/exportDownloads';
import type { CallLimits } from './bridge/callLimits';
import type { UpdaterPort } from './updates/updaterPort';
import type { MainConfirmations } from './authority/mainConfirmations';

/** Identifies one connected renderer (a window or a browser tab) for per-client state. */
export interface CallerContext {
  clientId: string;
}

export type CoreEventListener = <K extends EventName>(event: K, payload: EventPayload<K>) => void;

export interface Core {
  /** Parses `rawInput` with the channel's schema and runs its handler; never throws. */
  dispatch(channel: string, rawInput: unknown, caller: CallerContext): Promise<BridgeResult<unknown>>;
  /** Every pushed event, for the transport to forward to its renderers. */
  subscribe(listener: CoreEventListener): Unsubscribe;
  /** A renderer went away: drop its per-client state (watched books, …). */
  disconnect(caller: CallerContext): void;
  /** The system is going to sleep or the screen locked: lock the vault. */
  handleSystemEvent(event: 'suspend' | 'lock-screen'): void;
  /**
   * Browser mode: the export behind a one-use `downloadPath` token (`/downloads/<token>`), handed
   * over once; the web host streams the file, then calls `done` (which deletes it).
   */
  takeDownload?(token: string): (PendingDownload & { done: () => void }) | null;
  stop(): Promise<void>;
}

export interface CoreOptions {
  /** Where settings and (later) the vault live. */
  dataDir: string;
  /** How this process is named in the data folder's lock ("desktop app", "browser-mode host", …). */
  hostKind?: string;
  /** Sandbox seed; overrides the saved setting. */
  sandboxSeed?: number;
  /** The embedded sandbox's perps funding period (default an hour); shorter to watch funding accrue. */
  sandboxFundingIntervalMs?: number;
  /** The memory the embedded sandbox's order-book history may hold (default 24 MiB); the short soak makes it small. */
  sandboxBookHistoryBytes?: number;
  /** Use these services instead of the saved network (tests, or a sandbox started elsewhere). */
  serviceUrls?: ServiceUrls & { label?: string; isSandbox?: boolean };
  /**
   * Where the per-user lock that makes this process the one owner of a network's rate budgets
   * lives (default: $XDG_RUNTIME_DIR/marketdesk, else a per-user folder in the temp dir). A
   * sandbox network takes no such lock.
   */
  budgetLockDir?: string;
  /** With `serviceUrls`: the perps weight budget of that profile (default SANDBOX_PERPS_WEIGHT_BUDGET). */
  perpsWeightBudget?: PerpsWeightBudget;
  log?: Logger;
  /** How often watched books are polled. */
  bookPollIntervalMs?: number;
  /** How often the active account's open orders and fills are read. */
  activityPollMs?: number;
  /** The clock and sleep of the core's polls, mode probes and heartbeats; tests inject a virtual one. */
  loopClock?: LoopClock;
  /** The backoff of polls (and retries) of a service unreachable or degraded (default 2 s doubling to 60 s); tests shorten it. */
  outageBackoff?: BackoffPolicy;
  /** Backoff of the exchange-mode probes and the heartbeat timings (defaults: the documented figures). */
  tradingRecovery?: TradingRecoveryTiming;
  /** The OS keychain for "remember on this device"; @napi-rs/keyring unless a shell gives another. */
  osKeyStore?: OsKeyStore;
  /** Shows a revealed private key outside the renderer (native dialog, one-time page). */
  secretPresenter?: SecretPresenter;
  /**
   * Where main asks the user to confirm what moves value or lowers a guardrail: a main-owned
   * window (desktop) or a one-time page on a second origin (browser mode). Without one, such
   * operations are refused wherever main would ask.
   */
  confirmationSurface?: ConfirmationSurface;
  /** Browser mode: lock the vault after a wall-clock gap this long in its periodic check (a sleep). */
  lockAfterClockGapMs?: number;
  /**
   * Desktop: asks where to save an activity export (a native save dialog). Without it (browser
   * mode) exports become one-use downloads served by the web host.
   */
  saveDialog?: SaveDialogPort;
  /**
   * Desktop: the app updater (electron-updater behind a small port). Without it (browser mode)
   * updates are reported as off, with the reason.
   */
  updater?: UpdaterPort;
  /** Page size of history walks (default 1000); tests of resumption use smaller pages. */
  historyPageSize?: number;
  /** scrypt costs for new vaults and exported keystores; tests pass lighter ones. */
  vaultKdf?: ScryptCost;
  keystoreKdf?: ScryptCost;
  /** Bridge call deadlines and the per-connection in-flight bound (bridge/callLimits.ts); tests shorten them. */
  callLimits?: Partial<CallLimits>;
  /**
   * The surface main owns where the user confirms what the page may not (raising a risk limit,
   * …). Without it such changes are refused (refusingConfirmations), never assumed.
   */
  confirmations?: MainConfirmations;
}
