/**
 * Optional heartbeats per account (the exchange's dead-man switch): once started, a gap over
 * 10 s cancels all of the account's orders, so we send one every 4 s — well inside the window
 * even with a slow answer. Heartbeats need the L2 secret: locking the vault stops them, and the
 * exchange then cancels the orders (the UI says so next to the switch).
 */
import type { StoredAccount } from '../accounts/accountRegistry';
import type { Logger } from '../log';
import type { AuthenticatedClob } from './authenticatedClob';

export const HEARTBEAT_INTERVAL_MS = 4_000;

interface Beat {
  timer: NodeJS.Timeout;
  heartbeatId: string;
  lastSentAt: number | null;
  lastOk: boolean | null;
}

export class HeartbeatService {
  private readonly beats = new Map<string, Beat>();

  constructor(
    private readonly clob: AuthenticatedClob,
    private readonly log: Logger,
    private readonly onChange: () => void,
    private readonly intervalMs = HEARTBEAT_INTERVAL_MS,
  ) {}

  state(accountId: string | null) {
    const beat = accountId ? this.beats.get(accountId) : undefined;
    // TEMPORARY (issue 10 base): failingSince is not tracked yet; 10 s is the exchange's documented window.
    return { enabled: beat !== undefined, lastSentAt: beat?.lastSentAt ?? null, lastOk: beat?.lastOk ?? null, intervalMs: this.intervalMs, failingSince: null, windowMs: 10_000 };
  }

  async setEnabled(account: StoredAccount, enabled: boolean): Promise<void> {
    const existing = this.beats.get(account.id);
    if (!enabled) {
      if (existing) clearInterval(existing.timer);
      this.beats.delete(account.id);
      this.onChange();
      return;
    }
    if (existing) return;
    const beat: Beat = { timer: setInterval(() => void this.send(account, beat), this.intervalMs), heartbeatId: '', lastSentAt: null, lastOk: null };
    beat.timer.unref?.();
    this.beats.set(account.id, beat);
    await this.send(account, beat);
  }

  stop(): void {
    for (const beat of this.beats.values()) clearInterval(beat.timer);
    this.beats.clear();
  }

  private async send(account: StoredAccount, beat: Beat): Promise<void> {
    beat.lastSentAt = Date.now();
    const wasOk = beat.lastOk;
    try {
      const answer = await this.clob.request<{ heartbeat_id?: unknown }>(account, {
        method: 'POST',
        path: '/v1/heartbeats',
        body: { heartbeat_id: beat.heartbeatId },
      });
      if (typeof answer?.heartbeat_id === 'string') beat.heartbeatId = answer.heartbeat_id;
      beat.lastOk = true;
    } catch (error) {
      beat.lastOk = false;
      this.log.warn(`heartbeat for ${account.address} failed: ${error instanceof Error ? error.message : 'unknown'}`);
    }
    if (beat.lastOk !== wasOk) this.onChange();
  }
}
