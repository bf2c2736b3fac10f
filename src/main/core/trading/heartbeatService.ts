/**
 * Optional heartbeats per account (the exchange's dead-man switch): once started, a gap over
 * the window (10 s on the public service) cancels all of the account's orders, so we send one
 * every 4 s. One heartbeat is in flight at a time: the next is sent only after the last one
 * answered (or was abandoned at the interval, on a slow network), so they never pile up.
 *
 * When heartbeats fail, `failingSince` holds the time of the last one the exchange answered:
 * its switch counts from there. The moment the window has passed the state changes at once (a
 * watchdog, not the next answer) so the trade view says the orders are probably gone; the first
 * heartbeat that gets through after a lapse hands over to the reconciliation (`onRecovered`),
 * which lists what the exchange cancelled. Heartbeats need the L2 secret: locking the vault stops
 * them, and the exchange then cancels the orders (the UI says so next to the switch).
 */
import type { StoredAccount } from '../accounts/accountRegistry';
import type { Logger } from '../log';
import { realLoopClock, type LoopClock } from '../status/backoff';
import type { AuthenticatedClob } from './authenticatedClob';

export const HEARTBEAT_INTERVAL_MS = 4_000;
/** The exchange's documented window (wire-formats.md: "a gap over 10 s cancels all orders"). */
export const HEARTBEAT_WINDOW_MS = 10_000;

interface Beat {
  stopper: AbortController;
  heartbeatId: string;
  lastSentAt: number | null;
  /** The loop clock's time of the last send, for the interval. */
  lastSentMono: number;
  lastOk: boolean | null;
  /** Wall-clock ms of the last answered heartbeat (the exchange's switch counts from it). */
  lastOkAt: number | null;
  failingSince: number | null;
  /** The window passed while failing: the exchange has probably cancelled the orders. */
  lapsed: boolean;
  inFlight: number;
}

export interface HeartbeatOptions {
  clob: AuthenticatedClob;
  log: Logger;
  onChange: () => void;
  /** Heartbeats began failing: the open orders known now are the ones at risk. */
  onFailing?: (account: StoredAccount) => void;
  /** The first heartbeat answered after a lapse: reconcile the account's open orders. */
  onRecovered?: (account: StoredAccount, lapsedAt: number) => void;
  intervalMs?: number;
  windowMs?: number;
  clock?: LoopClock;
  wallNow?: () => number;
}

export class HeartbeatService {
  private readonly beats = new Map<string, Beat>();
  private readonly intervalMs: number;
  private readonly windowMs: number;
  private readonly clock: LoopClock;
  private readonly wallNow: () => number;
  /** The most heartbeats ever in flight at once for one account (1 by construction; tests read it). */
  maxInFlight = 0;

  constructor(private readonly options: HeartbeatOptions) {
    this.intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS;
    this.windowMs = options.windowMs ?? HEARTBEAT_WINDOW_MS;
    this.clock = options.clock ?? realLoopClock;
    this.wallNow = options.wallNow ?? Date.now;
  }

  state(accountId: string | null) {
    const beat = accountId ? this.beats.get(accountId) : undefined;
    return {
      enabled: beat !== undefined,
      lastSentAt: beat?.lastSentAt ?? null,
      lastOk: beat?.lastOk ?? null,
      intervalMs: this.intervalMs,
      failingSince: beat?.failingSince ?? null,
      windowMs: this.windowMs,
    };
  }

  async setEnabled(account: StoredAccount, enabled: boolean): Promise<void> {
    const existing = this.beats.get(account.id);
    if (!enabled) {
      existing?.stopper.abort();
      this.beats.delete(account.id);
      this.options.onChange();
      return;
    }
    if (existing) return;
    const beat: Beat = { stopper: new AbortController(), heartbeatId: '', lastSentAt: null, lastSentMono: 0, lastOk: null, lastOkAt: null, failingSince: null, lapsed: false, inFlight: 0 };
    this.beats.set(account.id, beat);
    await this.send(account, beat);
    void this.loop(account, beat);
  }

  /** The accounts whose heartbeats run (the network-switch preflight lists them). */
  runningFor(): string[] {
    return [...this.beats.keys()];
  }

  stop(): void {
    for (const beat of this.beats.values()) beat.stopper.abort();
    this.beats.clear();
  }

  /** Sends, waits out the rest of the interval, sends again: never two at once. */
  private async loop(account: StoredAccount, beat: Beat): Promise<void> {
    const signal = beat.stopper.signal;
    while (!signal.aborted) {
      await this.clock.sleep(Math.max(0, this.intervalMs - (this.clock.now() - beat.lastSentMono)), signal);
      if (signal.aborted) return;
      await this.send(account, beat);
    }
  }

  private async send(account: StoredAccount, beat: Beat): Promise<void> {
    beat.lastSentAt = this.wallNow();
    beat.lastSentMono = this.clock.now();
    const wasOk = beat.lastOk;
    // A heartbeat slower than the interval is abandoned, so the next one is not held back by it.
    const abandon = new AbortController();
    const onStop = () => abandon.abort();
    beat.stopper.signal.addEventListener('abort', onStop, { once: true });
    const watchdog = new AbortController();
    void this.clock.sleep(this.intervalMs, watchdog.signal).then(() => {
      if (!watchdog.signal.aborted) abandon.abort();
    });
    beat.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, beat.inFlight);
    try {
      const answer = await this.options.clob.request<{ heartbeat_id?: unknown }>(account, {
        method: 'POST',
        path: '/v1/heartbeats',
        body: { heartbeat_id: beat.heartbeatId },
        signal: abandon.signal,
      });
      if (typeof answer?.heartbeat_id === 'string') beat.heartbeatId = answer.heartbeat_id;
      this.succeeded(account, beat);
    } catch (error) {
      if (beat.stopper.signal.aborted) return;
      this.failed(account, beat);
      this.options.log.warn(`heartbeat for ${account.address} failed: ${error instanceof Error ? error.message : 'unknown'}`);
    } finally {
      beat.inFlight -= 1;
      watchdog.abort();
      beat.stopper.signal.removeEventListener('abort', onStop);
    }
    if (beat.lastOk !== wasOk) this.options.onChange();
  }

  private succeeded(account: StoredAccount, beat: Beat): void {
    const lapsedAt = beat.lapsed ? (beat.failingSince ?? this.wallNow()) + this.windowMs : null;
    beat.lastOk = true;
    beat.lastOkAt = beat.lastSentAt;
    beat.failingSince = null;
    beat.lapsed = false;
    if (lapsedAt !== null) {
      this.options.onChange();
      this.options.onRecovered?.(account, lapsedAt);
    }
  }

  private failed(account: StoredAccount, beat: Beat): void {
    beat.lastOk = false;
    if (beat.failingSince !== null) return;
    // The exchange's switch counts from the last heartbeat it answered (or this first one).
    beat.failingSince = beat.lastOkAt ?? beat.lastSentAt ?? this.wallNow();
    this.options.onFailing?.(account);
    this.options.onChange();
    void this.watchLapse(account, beat, beat.failingSince);
  }

  /** Says so the moment the window has passed, while heartbeats still fail. */
  private async watchLapse(account: StoredAccount, beat: Beat, failingSince: number): Promise<void> {
    await this.clock.sleep(Math.max(0, failingSince + this.windowMs - this.wallNow()), beat.stopper.signal);
    if (beat.stopper.signal.aborted || beat.failingSince !== failingSince || beat.lapsed) return;
    beat.lapsed = true;
    this.options.log.warn(`heartbeats for ${account.address} lapsed past the exchange's window: its open orders are probably cancelled`);
    this.options.onChange();
  }
}
