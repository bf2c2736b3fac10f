/**
 * What the screen says about updates: why they are off, what proves an update genuine here, the
 * phase in a few words, and what happens to resting orders and heartbeats when the app restarts
 * (wire formats: once an account's heartbeats started, a gap over the window cancels all of its
 * orders). Plain functions, so the wording is tested without a browser.
 */
import type { RestingAccount, RestingWork, UpdateFeedView, UpdateState, UpdateVerification, UpdatesOffReason } from '../../shared/updates';
import { formatCountdown, formatNumber, formatPercent } from './format';

export const OFF_REASON_TEXT: Record<UpdatesOffReason, string> = {
  'browser-mode': 'Updates are off in browser mode. The installed desktop app updates itself; a browser tab has nothing to install.',
  'not-packaged': 'Updates are off in a development run. Only an installed copy of Marketdesk updates itself.',
  'sandbox-network': 'Updates are off while the Sandbox network is active. Switch to another network to check for updates.',
  'no-feed': 'Updates are off because no update feed is set: this build\'s installer names none. "Update feed" below says how to set one.',
  'unverifiable': 'Updates are off because this copy is not code-signed, so a downloaded update could not be verified. Install new versions by hand.',
};

export const VERIFICATION_TEXT: Record<UpdateVerification, string> = {
  'publisher-signature': 'Each update must carry a valid code signature from the same publisher as this copy, or it is not installed.',
  'developer-signature': 'macOS accepts an update only if it is signed by the same developer as this copy.',
  'checksum-only': 'On Linux an update is checked against the checksum published with it on the feed; there is no publisher signature to check.',
};

const megabytes = (bytes: number) => `${formatNumber(bytes / 1_000_000, 1)} MB`;

/** The phase in a few words, for the settings row and the status bar. */
export function updatePhaseText(state: UpdateState): string {
  const status = state.status;
  switch (status.phase) {
    case 'off':
      return 'Off';
    case 'idle':
      return state.upToDate ? 'Up to date' : 'Not checked yet';
    case 'checking':
      return 'Checking for updates…';
    case 'available':
      return `Version ${status.version} is available`;
    case 'downloading':
      return `Downloading ${status.version}: ${formatPercent(status.progress.fraction)} of ${megabytes(status.progress.totalBytes)}`;
    case 'ready':
      return `Version ${status.version} is ready to install`;
    case 'installing':
      return `Installing ${status.version}…`;
    case 'error':
      return `The update ${status.during === 'check' ? 'check' : status.during} failed: ${status.message}`;
  }
}

export function feedText(state: UpdateState): string {
  const { feed } = state;
  if (feed.source === 'environment') return `${feed.url} (set by MARKETDESK_UPDATE_FEED_URL)`;
  if (feed.source === 'settings') return `${feed.url} (set by updateFeedUrl in settings.json)`;
  if (feed.source === 'installer') return feed.url ? `${feed.url} (from the installer)` : 'The feed named by the installer';
  return 'None';
}

/**
 * How the feed is changed: never on this screen (the app window cannot choose the code installed
 * at the next restart), only from outside it, and only at the next start.
 */
export const FEED_HOW_TO_CHANGE: Record<UpdateFeedView['source'], string> = {
  installer:
    'To use another feed, start Marketdesk with MARKETDESK_UPDATE_FEED_URL set to its https address, or add "updateFeedUrl": "https://…" to settings.json in Marketdesk\'s data folder, then restart.',
  environment:
    'MARKETDESK_UPDATE_FEED_URL overrides the settings file and the installer. Start Marketdesk without it to use those again.',
  settings:
    'Remove "updateFeedUrl" from settings.json in Marketdesk\'s data folder and restart to go back to the installer\'s feed. MARKETDESK_UPDATE_FEED_URL overrides it.',
  none: 'Start Marketdesk with MARKETDESK_UPDATE_FEED_URL set to an https feed, or add "updateFeedUrl": "https://…" to settings.json in Marketdesk\'s data folder, then restart.',
};

/** What a restart does to one account's orders, in one sentence. */
export function restingConsequence(account: RestingAccount, windowMs: number): string {
  if (account.heartbeatsRunning) {
    return `Heartbeats stop during the restart. After ${formatCountdown(windowMs)} without one the exchange cancels all of this account's open orders.`;
  }
  if (account.openOrders === null) return "Its orders could not be read (the vault is locked or the exchange did not answer): some may rest.";
  if (account.openOrders > 0) return 'These orders stay on the exchange and can fill while Marketdesk is closed; nothing here watches them until it is back.';
  return 'Nothing rests.';
}

export function ordersText(account: RestingAccount): string {
  if (account.openOrders === null) return 'unknown';
  return account.openOrders === 1 ? '1 open order' : `${formatNumber(account.openOrders)} open orders`;
}

/** Only the accounts the user needs to think about. */
export const accountsThatMatter = (work: RestingWork): RestingAccount[] =>
  work.accounts.filter((a) => a.heartbeatsRunning || a.openOrders === null || a.openOrders > 0);
