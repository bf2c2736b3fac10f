/**
 * App updates as both sides see them: why updates are off, where the updater is in its cycle,
 * what still rests on the exchange when an install would restart the app, and the feed address
 * rule (https only). Main owns the state; the renderer only shows it and sends the user's choices.
 */
/** Why this copy does not update itself; the renderer says each in plain words. */
export type UpdatesOffReason =
  /** The app runs in a browser tab served by the web host: nothing to install. */
  | 'browser-mode'
  /** A development run (not an installed app): electron-updater has nothing to replace. */
  | 'not-packaged'
  /** The embedded sandbox is a practice network: no updates are fetched while on it. */
  | 'sandbox-network'
  /** Neither the settings nor the installer name a feed. */
  | 'no-feed'
  /** Windows: the installer names no code-signing publisher, so an update could not be verified. */
  | 'unverifiable';

/** What proves a downloaded update genuine on this platform (decisions: "Updates"). */
export type UpdateVerification =
  /** Windows: the installer's Authenticode signature must be valid and name the publisher. */
  | 'publisher-signature'
  /** macOS: Squirrel.Mac accepts only an app signed by the same developer as the running one. */
  | 'developer-signature'
  /** Linux: the file's SHA-512 must match the feed's latest-linux.yml (no publisher signature). */
  | 'checksum-only';

export interface UpdateProgress {
  /** 0..1 */
  fraction: number;
  transferredBytes: number;
  totalBytes: number;
  bytesPerSecond: number;
}

export type UpdatePhase =
  | { phase: 'off'; reason: UpdatesOffReason }
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'available'; version: string }
  | { phase: 'downloading'; version: string; progress: UpdateProgress }
  | { phase: 'ready'; version: string }
  | { phase: 'installing'; version: string }
  | { phase: 'error'; during: 'check' | 'download' | 'install'; message: string };

/**
 * The feed in use, shown read-only: no bridge channel changes it (a compromised renderer must not
 * choose the code installed at the next restart). It comes from outside the renderer: the
 * environment, the settings file edited by hand, or the installer.
 */
export interface UpdateFeedView {
  /** The address the updater asks, when known (the installer's own feed is read by electron-updater). */
  url: string | null;
  /** Where it came from: MARKETDESK_UPDATE_FEED_URL, `updateFeedUrl` in settings.json, the installer, or nowhere. */
  source: 'environment' | 'settings' | 'installer' | 'none';
}

export interface UpdateState {
  currentVersion: string;
  status: UpdatePhase;
  feed: UpdateFeedView;
  verification: UpdateVerification | null;
  /** Epoch ms of the last finished check (found an update or not), null before the first. */
  lastCheckedAt: number | null;
  /** The last check found nothing newer. */
  upToDate: boolean;
  /** A quit installs the downloaded update by itself: only while nothing rests (never on macOS). */
  installsOnQuit: boolean;
}

/** One account's orders still on the exchange and whether its heartbeats run. */
export interface RestingAccount {
  accountId: string;
  label: string;
  /** Open orders on the exchange; null when they could not be read (locked vault, service down). */
  openOrders: number | null;
  heartbeatsRunning: boolean;
}

/** What rests or runs when an install would stop the app. */
export interface RestingWork {
  /** The network these orders rest on. */
  networkLabel: string;
  accounts: RestingAccount[];
  /** The exchange's dead-man window: this long without a heartbeat cancels all of that account's orders. */
  heartbeatWindowMs: number;
}

export type InstallUpdateResult =
  | { outcome: 'installing'; version: string }
  /** Something rests or runs (or could not be read): the user must confirm with the list in front of them. */
  | { outcome: 'needs-confirmation'; version: string; resting: RestingWork };

/** True when stopping the app now affects nothing on the exchange, as far as can be known. */
export function nothingRests(work: RestingWork): boolean {
  return work.accounts.every((a) => a.openOrders === 0 && !a.heartbeatsRunning);
}

/**
 * An update feed is fetched and trusted for what it says is the newest build: https only (no
 * loopback exception, unlike service URLs), and no credentials in the address, which would be
 * shown on screen. Applied to the environment variable and to the settings file's value alike.
 */
export function updateFeedUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'the update feed must be a full address such as https://updates.example.com/marketdesk/';
  }
  if (url.protocol !== 'https:') return 'the update feed must use https:// (an update is code that will run on this computer)';
  if (url.username || url.password) return 'the update feed address must not contain a user name or password';
  if (url.hash) return 'the update feed address must not contain a #fragment';
  return null;
}
