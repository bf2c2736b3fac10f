/**
 * A stand-in for electron-updater behind the core's port. This is the one place a stand-in is
 * right: electron-updater cannot run without Electron (it reads app.isPackaged, the resources
 * folder and Electron's net module), and the binary is not available here. It plays the events
 * electron-updater emits, in the order it emits them, and records what the core asked of it.
 */
import type { UpdaterEnvironment, UpdaterPort, UpdaterPortEvent } from '../../../../src/main/core/updates/updaterPort';

export const installedOnWindows: UpdaterEnvironment = {
  packaged: true,
  installerFeed: true,
  installerFeedUrl: 'https://updates.example.com/marketdesk/',
  verification: 'publisher-signature',
  installOnQuitIsFinalAtDownload: false,
  environmentFeedUrl: null,
};

export class FakeUpdaterPort implements UpdaterPort {
  readonly feeds: Array<string | null> = [];
  readonly installOnQuit: boolean[] = [];
  installs = 0;
  checks = 0;
  /** What the next check finds: a version, or null for "up to date", or an Error. */
  nextCheck: string | null | Error = null;
  /** Set: downloads wait until `finishDownload` (to see progress and cancel). */
  holdDownloads = false;
  private pending: { version: string; resolve: () => void; reject: (error: Error) => void } | null = null;
  private found: string | null = null;
  private readonly listeners = new Set<(event: UpdaterPortEvent) => void>();

  constructor(readonly environment: UpdaterEnvironment = installedOnWindows) {}

  setFeed(url: string | null): void {
    this.feeds.push(url);
  }
  setInstallOnQuit(allowed: boolean): void {
    this.installOnQuit.push(allowed);
  }
  get lastInstallOnQuit(): boolean | undefined {
    return this.installOnQuit.at(-1);
  }
  async check(): Promise<void> {
    this.checks += 1;
    this.emit({ kind: 'checking' });
    const next = this.nextCheck;
    if (next instanceof Error) {
      this.emit({ kind: 'error', message: next.message });
      throw next;
    }
    this.found = next;
    this.emit(next === null ? { kind: 'not-available' } : { kind: 'available', version: next });
  }
  download(): Promise<void> {
    const version = this.found ?? '0.0.0';
    this.emit({ kind: 'progress', transferredBytes: 25, totalBytes: 100, bytesPerSecond: 50 });
    if (!this.holdDownloads) {
      this.emit({ kind: 'downloaded', version });
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.pending = { version, resolve, reject };
    });
  }
  finishDownload(): void {
    const pending = this.pending;
    this.pending = null;
    // electron-updater emits update-downloaded before downloadUpdate() resolves.
    if (pending) this.emit({ kind: 'downloaded', version: pending.version });
    pending?.resolve();
  }
  cancelDownload(): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(new Error('cancelled'));
  }
  quitAndInstall(): void {
    this.installs += 1;
  }
  subscribe(listener: (event: UpdaterPortEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: UpdaterPortEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
