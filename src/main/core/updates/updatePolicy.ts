/**
 * The update rules, pure so they are tested without Electron: when updates are off and why, which
 * feed is asked, how the updater's events move the state, and when an install may happen without
 * asking (never while an order may rest or a heartbeat runs).
 */
import {
  nothingRests,
  updateFeedUrlProblem,
  type RestingWork,
  type UpdateFeedView,
  type UpdatePhase,
  type UpdatesOffReason,
} from '../../../shared/updates';
import type { UpdaterEnvironment, UpdaterPortEvent } from './updaterPort';

/** The first check waits for the app to settle (books, accounts) rather than competing with it. */
export const FIRST_CHECK_DELAY_MS = 60_000;
/** Then a check every six hours while the app runs. */
export const CHECK_INTERVAL_MS = 6 * 60 * 60_000;

/** The inner cycle, without "off" (which is computed on top and never loses a ready download). */
export type UpdateCycle = Exclude<UpdatePhase, { phase: 'off' }>;

/**
 * Precedence: the environment (an administrator's MARKETDESK_UPDATE_FEED_URL), then `updateFeedUrl`
 * in settings.json (edited by hand; nothing in the app writes it), then the feed electron-builder
 * wrote into the installer. An environment value that is not a valid https address is ignored
 * (the caller logs it), never half-used; the settings store already drops an invalid saved one.
 */
export function resolveFeed(environment: Pick<UpdaterEnvironment, 'environmentFeedUrl' | 'installerFeed' | 'installerFeedUrl'> | null, saved: string | null): UpdateFeedView {
  const fromEnvironment = environment?.environmentFeedUrl ?? null;
  if (fromEnvironment !== null && updateFeedUrlProblem(fromEnvironment) === null) return { url: fromEnvironment, source: 'environment' };
  if (saved !== null) return { url: saved, source: 'settings' };
  if (environment?.installerFeed) return { url: environment.installerFeedUrl, source: 'installer' };
  return { url: null, source: 'none' };
}

export interface AvailabilityInputs {
  /** Null in browser mode: there is no updater at all. */
  environment: UpdaterEnvironment | null;
  /** The active network is the embedded sandbox (it can change at runtime). */
  onSandbox: boolean;
  feed: UpdateFeedView;
}

/** Why updates are off, in the order a user would fix them; null when they are on. */
export function updatesOffReason({ environment, onSandbox, feed }: AvailabilityInputs): UpdatesOffReason | null {
  if (environment === null) return 'browser-mode';
  if (!environment.packaged) return 'not-packaged';
  if (onSandbox) return 'sandbox-network';
  if (feed.source === 'none') return 'no-feed';
  if (environment.verification === null) return 'unverifiable';
  return null;
}

/** A check may start from rest, after an error, or while an update waits to be downloaded. */
export function mayCheck(cycle: UpdateCycle): boolean {
  return cycle.phase === 'idle' || cycle.phase === 'error' || cycle.phase === 'available';
}

const errorDuring = (cycle: UpdateCycle): 'check' | 'download' | 'install' =>
  cycle.phase === 'installing' ? 'install' : cycle.phase === 'available' || cycle.phase === 'downloading' ? 'download' : 'check';

/** How one updater event moves the cycle; `upToDate` is set only by a check that found nothing. */
export function nextCycle(cycle: UpdateCycle, event: UpdaterPortEvent): { cycle: UpdateCycle; checked: boolean; upToDate: boolean | null } {
  switch (event.kind) {
    case 'checking':
      return { cycle: { phase: 'checking' }, checked: false, upToDate: null };
    case 'available':
      return { cycle: { phase: 'available', version: event.version }, checked: true, upToDate: false };
    case 'not-available':
      return { cycle: { phase: 'idle' }, checked: true, upToDate: true };
    case 'progress': {
      const version = 'version' in cycle ? cycle.version : '';
      const fraction = event.totalBytes > 0 ? Math.min(1, Math.max(0, event.transferredBytes / event.totalBytes)) : 0;
      return {
        cycle: { phase: 'downloading', version, progress: { fraction, transferredBytes: event.transferredBytes, totalBytes: event.totalBytes, bytesPerSecond: event.bytesPerSecond } },
        checked: false,
        upToDate: null,
      };
    }
    case 'downloaded':
      return { cycle: { phase: 'ready', version: event.version }, checked: false, upToDate: null };
    case 'error':
      return { cycle: { phase: 'error', during: errorDuring(cycle), message: event.message }, checked: cycle.phase === 'checking', upToDate: null };
  }
}

/**
 * electron-updater's autoInstallOnAppQuit: on only while an update is on its way or ready, nothing
 * rests (every account's orders read and none open, no heartbeats), and the platform honours a
 * later "no" (on macOS the choice is final once downloaded, so it stays off there).
 */
export function installOnQuitAllowed(inputs: { off: boolean; cycle: UpdateCycle; resting: RestingWork | null; environment: UpdaterEnvironment | null }): boolean {
  const { off, cycle, resting, environment } = inputs;
  if (off || environment === null || environment.installOnQuitIsFinalAtDownload) return false;
  if (cycle.phase !== 'downloading' && cycle.phase !== 'ready') return false;
  return resting !== null && nothingRests(resting);
}

/** An install the user asked for goes ahead when nothing rests, or once they confirmed seeing what does. */
export function installNeedsConfirmation(resting: RestingWork, confirmed: boolean): boolean {
  return !confirmed && !nothingRests(resting);
}
