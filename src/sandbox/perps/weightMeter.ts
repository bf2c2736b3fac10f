/**
 * The per-client weight budget of the perps server: each request counts its route's weight
 * (perpsRequestWeight) against a sliding window per client address; a request that would take
 * the client over `limit` within `windowMs` is refused (429 `rate_limited`, Retry-After = seconds
 * until enough of the window's weight expires) and counts nothing. Admin routes are not metered.
 * Counters (like the order-book edge stats): total weight admitted, weight in the current
 * window, the most weight any client had in one window, rejected requests.
 */
import type { PerpsWeightBudget } from '../../shared/protocol/perps';

export interface PerpsWeightClientStats {
  client: string;
  totalWeight: number;
  inWindow: number;
  maxInWindow: number;
  rejected: number;
}

export interface PerpsWeightStats {
  limit: number;
  windowMs: number;
  totalWeight: number;
  /** Sum over clients of the weight in their current window. */
  inWindow: number;
  /** The most weight one client held in one window. */
  maxInWindow: number;
  rejected: number;
  clients: PerpsWeightClientStats[];
}

interface ClientWindow {
  entries: Array<{ atMs: number; weight: number }>;
  inWindow: number;
  totalWeight: number;
  maxInWindow: number;
  rejected: number;
}

export type WeightVerdict = { ok: true } | { ok: false; retryAfterS: number };

export class WeightMeter {
  private readonly clients = new Map<string, ClientWindow>();

  constructor(
    readonly budget: PerpsWeightBudget,
    private readonly now: () => number,
  ) {}

  admit(client: string, weight: number): WeightVerdict {
    const nowMs = this.now();
    const window = this.clients.get(client) ?? { entries: [], inWindow: 0, totalWeight: 0, maxInWindow: 0, rejected: 0 };
    this.clients.set(client, window);
    this.expire(window, nowMs);
    if (window.inWindow + weight > this.budget.limit) {
      window.rejected += 1;
      return { ok: false, retryAfterS: this.secondsUntilRoom(window, weight, nowMs) };
    }
    window.entries.push({ atMs: nowMs, weight });
    window.inWindow += weight;
    window.totalWeight += weight;
    window.maxInWindow = Math.max(window.maxInWindow, window.inWindow);
    return { ok: true };
  }

  private expire(window: ClientWindow, nowMs: number): void {
    let drop = 0;
    while (drop < window.entries.length && (window.entries[drop]?.atMs ?? Infinity) <= nowMs - this.budget.windowMs) {
      window.inWindow -= window.entries[drop]?.weight ?? 0;
      drop += 1;
    }
    if (drop > 0) window.entries.splice(0, drop);
  }

  private secondsUntilRoom(window: ClientWindow, weight: number, nowMs: number): number {
    let freed = 0;
    for (const entry of window.entries) {
      freed += entry.weight;
      if (window.inWindow - freed + weight <= this.budget.limit) {
        return Math.max(1, Math.ceil((entry.atMs + this.budget.windowMs - nowMs) / 1000));
      }
    }
    // A single request heavier than the whole budget never fits; a window from now is the honest hint.
    return Math.max(1, Math.ceil(this.budget.windowMs / 1000));
  }

  stats(): PerpsWeightStats {
    const nowMs = this.now();
    const clients = [...this.clients].map(([client, window]) => {
      this.expire(window, nowMs);
      return { client, totalWeight: window.totalWeight, inWindow: window.inWindow, maxInWindow: window.maxInWindow, rejected: window.rejected };
    });
    const sum = (pick: (c: PerpsWeightClientStats) => number) => clients.reduce((total, c) => total + pick(c), 0);
    return {
      limit: this.budget.limit,
      windowMs: this.budget.windowMs,
      totalWeight: sum((c) => c.totalWeight),
      inWindow: sum((c) => c.inWindow),
      maxInWindow: clients.reduce((max, c) => Math.max(max, c.maxInWindow), 0),
      rejected: sum((c) => c.rejected),
      clients,
    };
  }
}
