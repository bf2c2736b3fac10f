/**
 * Pushes the app status to renderers: at once when the connection changes, and once a second
 * while the rate-budget figure moves, so the status bar's "last 10 s" stays live.
 */
import type { AppStatus } from '../../../shared/viewModels';

export class StatusPublisher {
  private timer: NodeJS.Timeout | null = null;
  private lastSent = '';

  constructor(
    private readonly read: () => AppStatus,
    private readonly send: (status: AppStatus) => void,
    private readonly intervalMs = 1_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.publishIfChanged(), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  publishNow(): void {
    const status = this.read();
    this.lastSent = JSON.stringify(status);
    this.send(status);
  }

  private publishIfChanged(): void {
    const status = this.read();
    const serialized = JSON.stringify(status);
    if (serialized === this.lastSent) return;
    this.lastSent = serialized;
    this.send(status);
  }
}
