/**
 * What the renderer sees of network switching: the networks to pick from, and what rests or runs
 * on the current network before a switch (the confirm dialog lists it).
 */
import type { NetworkInfo } from './viewModels';

/** One entry of the title bar's network menu. */
export interface NetworkChoice extends NetworkInfo {
  active: boolean;
  /** On the active network only: why the app is not on the network it was saved on (start fallback). */
  notice?: string;
}

/** Open orders of one account with order-book credentials, as the trading desk last read them. */
export interface RestingOrdersOfAccount {
  accountId: string;
  label: string;
  /** Orders open when last read (0 when none, or when never read: see `known`). */
  openOrders: number;
  /** False when this session has not read the account's orders: it may have some. */
  known: boolean;
}

export interface RunningJobOnNetwork {
  jobId: string;
  kind: string;
  /** A sentence naming the job ("History sync"). */
  name: string;
  rows: number;
  pages: number;
  /** True for history walks: their cursor is saved and the next sync resumes there. */
  resumes: boolean;
}

export interface NetworkSwitchPreflight {
  from: NetworkInfo;
  to: NetworkInfo;
  /** Accounts with order-book credentials and what is known to rest for them; those with orders first. */
  accounts: RestingOrdersOfAccount[];
  /** Accounts whose heartbeats run: stopping them lets the exchange cancel their orders. */
  heartbeats: Array<{ accountId: string; label: string }>;
  jobs: RunningJobOnNetwork[];
  /** Something rests or runs: switchNetwork needs `confirmed: true`. */
  needsConfirmation: boolean;
}
