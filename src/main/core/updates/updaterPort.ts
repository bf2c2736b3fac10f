/**
 * What the core needs from an updater (electron-updater in the packaged desktop app), kept small
 * so the core knows nothing of Electron and the policy runs under plain Node in tests. The desktop
 * shell builds it (src/main/electron/updaterPort.ts); browser mode passes none.
 */
import type { UpdateVerification } from '../../../shared/updates';

export type UpdaterPortEvent =
  | { kind: 'checking' }
  | { kind: 'available'; version: string }
  | { kind: 'not-available' }
  | { kind: 'progress'; transferredBytes: number; totalBytes: number; bytesPerSecond: number }
  | { kind: 'downloaded'; version: string }
  | { kind: 'error'; message: string };

export interface UpdaterEnvironment {
  /** An installed app (Electron's app.isPackaged); a development run cannot replace itself. */
  packaged: boolean;
  /** The installer carries a feed of its own (electron-builder's publish config in app-update.yml). */
  installerFeed: boolean;
  /** That feed's address when it is a generic (plain https) one; null for other providers. */
  installerFeedUrl: string | null;
  /** What proves an update genuine here; null when this build cannot verify one (unsigned Windows build). */
  verification: UpdateVerification | null;
  /**
   * A quit after the download installs it whatever rests by then (Squirrel.Mac stages the update
   * at download time), so the flag cannot be withdrawn later: installing on quit stays off.
   */
  installOnQuitIsFinalAtDownload: boolean;
  /** MARKETDESK_UPDATE_FEED_URL, when the process was started with it (checked by the core). */
  environmentFeedUrl: string | null;
}

export interface UpdaterPort {
  readonly environment: UpdaterEnvironment;
  /** A feed address to use instead of the installer's; null goes back to the installer's feed. */
  setFeed(url: string | null): void;
  /** electron-updater's autoInstallOnAppQuit. */
  setInstallOnQuit(allowed: boolean): void;
  /** Asks the feed; the outcome arrives as events. Rejects as well as emitting `error`. */
  check(): Promise<void>;
  /** Downloads the update found (verifying it on the way); resolves when it is ready. */
  download(): Promise<void>;
  /** Stops a running download (the next `download` starts it again). */
  cancelDownload(): void;
  /** Quits the app and runs the installer (not silently: the installer shows on Windows). */
  quitAndInstall(): void;
  subscribe(listener: (event: UpdaterPortEvent) => void): () => void;
}
