/**
 * Heartbeats (`POST /v1/heartbeats`): once an address has sent one, a gap longer than the
 * timeout (10 s on the public service; the `heartbeatTimeoutMs` option in tests) cancels all of
 * its open orders. One timer per address that has heartbeats running, re-armed by each
 * heartbeat and dropped when it fires, so the number of timers is bounded by the number of
 * addresses that currently send heartbeats. Timers are unref'd and all cleared on close.
 *
 * After it fires the address is out of heartbeat mode until it sends the next heartbeat.
 */
import { randomUUID } from 'node:crypto';

export const DEFAULT_HEARTBEAT_TIMEOUT_MS = 10_000;

export class DeadManSwitch {
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; id: string }>();
  private closed = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly onExpire: (address: string) => void,
  ) {}

  /**
   * Records a heartbeat and answers its id: the id sent when there is one (clients echo the
   * last answer), a fresh one for the first heartbeat (sent with an empty id).
   */
  beat(address: string, heartbeatId: string): string {
    const id = heartbeatId === '' ? randomUUID() : heartbeatId;
    if (this.closed) return id;
    const running = this.timers.get(address);
    if (running) clearTimeout(running.timer);
    const timer = setTimeout(() => {
      this.timers.delete(address);
      this.onExpire(address);
    }, this.timeoutMs);
    timer.unref();
    this.timers.set(address, { timer, id });
    return id;
  }

  active(): number {
    return this.timers.size;
  }

  close(): void {
    this.closed = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
