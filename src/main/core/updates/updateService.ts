/**
 * Runs the update cycle over the updater port: scheduled and manual checks, the download that
 * follows a found update (with progress, cancellable), and the install, which asks the user first
 * whenever an order may rest or a heartbeat runs. It keeps electron-updater's install-on-quit flag
 * on only while nothing rests (updatePolicy.installOnQuitAllowed). Without a port (browser mode)
 * it reports updates as off and refuses the actions with the reason.
 */
import { updateFeedUrlProblem, type InstallUpdateResult, type RestingWork, type UpdateState, type UpdatesOffReason } from '../../../shared/updates';
import { CoreError } from '../coreError';
import type { Logger } from '../log';
import { realLoopClock, type LoopClock } from '../status/backoff';
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  installNeedsConfirmation,
  mayCheck,
  nextCycle,
  resolveFeed,
  updatesOffReason,
  type UpdateCycle,
} from './updatePolicy';
import { InstallOnQuitGuard } from './installOnQuitGuard';
import { offReasonSentence, updaterErrorSentence } from './updateSentences';
import type { UpdaterPort, UpdaterPortEvent } from './updaterPort';

export interface UpdateServiceOptions {
  /** Null in browser mode. */
  port: UpdaterPort | null;
  currentVersion: string;
  /**
   * `updateFeedUrl` from settings.json, edited by hand. Read-only here: nothing the renderer can
   * call changes the feed (a process that can write the user's data folder has already won).
   */
  savedFeed: { get(): string | null };
  /** Whether the active network is the embedded sandbox; asked each time (networks switch at runtime). */
  onSandbox: () => boolean;
  /** Open orders and heartbeats of every account that can trade on the active network. */
  readResting: () => Promise<RestingWork>;
  onChange: (state: UpdateState) => void;
  log: Logger;
  clock?: LoopClock;
  wallNow?: () => number;
}

export class UpdateService {
  private cycle: UpdateCycle = { phase: 'idle' };
  private lastCheckedAt: number | null = null;
  private upToDate = false;
  private readonly quitGuard: InstallOnQuitGuard;
  private cancelling = false;
  /** What the updater was told; electron-updater starts on the installer's own feed. */
  private appliedFeed: string | null = null;
  private lastOff: UpdatesOffReason | null | undefined;
  private readonly stopper = new AbortController();
  private unsubscribe: (() => void) | null = null;
  private readonly clock: LoopClock;
  private readonly wallNow: () => number;

  constructor(private readonly options: UpdateServiceOptions) {
    this.clock = options.clock ?? realLoopClock;
    this.wallNow = options.wallNow ?? Date.now;
    this.quitGuard = new InstallOnQuitGuard({
      port: options.port,
      readResting: options.readResting,
      situation: () => ({ off: this.offReason() !== null, cycle: this.cycle }),
      onChange: () => this.changed(),
    });
  }

  start(): void {
    const { port, log } = this.options;
    this.lastOff = this.offReason();
    if (!port) return;
    const fromEnvironment = port.environment.environmentFeedUrl;
    const problem = fromEnvironment === null ? null : updateFeedUrlProblem(fromEnvironment);
    if (problem) log.warn(`MARKETDESK_UPDATE_FEED_URL is ignored: ${problem}`);
    // Off until a download is under way and nothing rests: a quit never installs by surprise.
    port.setInstallOnQuit(false);
    this.unsubscribe = port.subscribe((event) => this.receive(event));
    this.applyFeed();
    void this.checkOnSchedule();
  }

  stop(): void {
    this.stopper.abort();
    this.unsubscribe?.();
  }

  state(): UpdateState {
    const feed = this.feed();
    const off = this.offReason();
    return {
      currentVersion: this.options.currentVersion,
      status: off ? { phase: 'off', reason: off } : this.cycle,
      feed,
      verification: this.options.port?.environment.verification ?? null,
      lastCheckedAt: this.lastCheckedAt,
      upToDate: this.upToDate,
      installsOnQuit: this.quitGuard.allowed,
    };
  }

  /** Something updates depend on changed (the network, most likely): apply it, say so once. */
  reevaluate(): void {
    const off = this.offReason();
    if (off === this.lastOff) return;
    this.lastOff = off;
    if (off && this.cycle.phase === 'downloading') this.cancelDownload();
    this.applyFeed();
    this.quitGuard.apply();
    this.changed();
  }

  /** Orders, heartbeats, accounts or the lock changed: what rests is read again when it matters. */
  restingMayHaveChanged(): void {
    if (this.cycle.phase !== 'downloading' && this.cycle.phase !== 'ready') return;
    this.quitGuard.withdrawAndReread();
  }

  async checkNow(): Promise<UpdateState> {
    const port = this.requirePort();
    if (!mayCheck(this.cycle)) return this.state();
    try {
      await port.check();
    } catch (error) {
      // electron-updater also emits `error`; this covers a port that only rejects.
      if (this.cycle.phase === 'checking') this.receive({ kind: 'error', message: error instanceof Error ? error.message : 'the check failed' });
    }
    return this.state();
  }

  async download(): Promise<UpdateState> {
    const port = this.requirePort();
    if (this.cycle.phase !== 'available') return this.state();
    const version = this.cycle.version;
    this.cycle = { phase: 'downloading', version, progress: { fraction: 0, transferredBytes: 0, totalBytes: 0, bytesPerSecond: 0 } };
    this.changed();
    void this.quitGuard.reread();
    try {
      await port.download();
    } catch (error) {
      if (this.cancelling) {
        this.cycle = { phase: 'available', version };
        this.changed();
      } else if (this.cycle.phase === 'downloading') {
        this.receive({ kind: 'error', message: error instanceof Error ? error.message : 'the download failed' });
      }
    } finally {
      this.cancelling = false;
    }
    return this.state();
  }

  cancelDownload(): UpdateState {
    if (this.cycle.phase === 'downloading' && this.options.port) {
      this.cancelling = true;
      this.options.port.cancelDownload();
    }
    return this.state();
  }

  async install(confirmed: boolean): Promise<InstallUpdateResult> {
    const port = this.requirePort();
    if (this.cycle.phase !== 'ready') throw new CoreError('conflict', 'There is no downloaded update to install yet.');
    const version = this.cycle.version;
    if (!confirmed) {
      const resting = await this.options.readResting();
      if (installNeedsConfirmation(resting, confirmed)) return { outcome: 'needs-confirmation', version, resting };
    }
    this.cycle = { phase: 'installing', version };
    this.changed();
    this.options.log.info(`installing the update to ${version}${confirmed ? ' (the user confirmed what rests)' : ''}`);
    try {
      port.quitAndInstall();
    } catch (error) {
      this.receive({ kind: 'error', message: error instanceof Error ? error.message : 'the installer did not start' });
    }
    return { outcome: 'installing', version };
  }

  private feed() {
    return resolveFeed(this.options.port?.environment ?? null, this.options.savedFeed.get());
  }

  private offReason(): UpdatesOffReason | null {
    return updatesOffReason({ environment: this.options.port?.environment ?? null, onSandbox: this.options.onSandbox(), feed: this.feed() });
  }

  private requirePort(): UpdaterPort {
    const off = this.offReason();
    if (off || !this.options.port) throw new CoreError('unavailable', offReasonSentence(off ?? 'browser-mode'));
    return this.options.port;
  }

  private applyFeed(): void {
    const { port } = this.options;
    const feed = this.feed();
    const wanted = feed.source === 'environment' || feed.source === 'settings' ? feed.url : null;
    if (!port || wanted === this.appliedFeed) return;
    this.appliedFeed = wanted;
    port.setFeed(wanted);
  }

  private receive(event: UpdaterPortEvent): void {
    if (event.kind === 'error') event = { kind: 'error', message: updaterErrorSentence(event.message) };
    const next = nextCycle(this.cycle, event);
    this.cycle = next.cycle;
    if (next.checked) this.lastCheckedAt = this.wallNow();
    if (next.upToDate !== null) this.upToDate = next.upToDate;
    if (event.kind === 'error') this.options.log.warn(`update ${this.cycle.phase === 'error' ? this.cycle.during : 'step'} failed: ${event.message}`);
    this.quitGuard.apply();
    this.changed();
    // A found update is fetched straight away (verified as it lands); the install still asks.
    if (event.kind === 'available' && this.offReason() === null) void this.download();
  }

  /** The first check after the app settled, then one every few hours; stops with the core. */
  private async checkOnSchedule(): Promise<void> {
    const signal = this.stopper.signal;
    let wait = FIRST_CHECK_DELAY_MS;
    while (!signal.aborted) {
      await this.clock.sleep(wait, signal);
      if (signal.aborted) return;
      wait = CHECK_INTERVAL_MS;
      if (this.offReason() === null && mayCheck(this.cycle)) await this.checkNow().catch(() => undefined);
    }
  }

  private changed(): void {
    this.options.onChange(this.state());
  }
}
