/**
 * The trading service's state (spec "States and transitions") as a schedule of phases, each
 * until a wall-clock instant or open-ended. Evaluated lazily against the clock on every
 * request, so a timed mode (a restart of 90 s followed by 2 minutes of post-only, as
 * wire-formats.md "Operational facts" describes) needs no timer at all.
 *
 * The gates answer the reply a refused request gets, or null to let it through:
 *   restarting        → 425 on every authenticated request (restartGate.ts)
 *   trading-disabled  → 503 on orders and cancels
 *   cancel-only       → 503 on orders
 *   post-only         → 503 with `code: "post_only_mode"`, `retry_after_seconds` and a
 *                       `Retry-After` header on orders without `postOnly: true`
 */
import { reply, type Reply } from '../http/reply';
import { TRADING_MESSAGES } from './tradingMessages';

export const EXCHANGE_MODES = ['normal', 'trading-disabled', 'cancel-only', 'post-only', 'restarting'] as const;
export type ExchangeModeName = (typeof EXCHANGE_MODES)[number];

/** What the admin route sets. Durations are seconds and may be fractional (tests use 0.3). */
export interface ModeRequest {
  mode: ExchangeModeName;
  /** How long the mode lasts before the next phase; open-ended when absent (restarting: 90). */
  durationSeconds?: number;
  /** After a restart: how long post-only lasts before normal (default 0: straight to normal). */
  postOnlySeconds?: number;
  /** The retry hint sent with 425 and post-only 503s; default: the phase's remaining time. */
  retryAfterSeconds?: number;
}

interface Phase {
  mode: ExchangeModeName;
  untilMs: number | null;
  retryAfterSeconds?: number;
}

export interface ModeStatus {
  mode: ExchangeModeName;
  /** When the current phase ends (ms), null when open-ended. */
  untilMs: number | null;
  /** The phases after this one, for the admin view. */
  next: Array<{ mode: ExchangeModeName; untilMs: number | null }>;
}

export const DEFAULT_RESTART_SECONDS = 90;
/** Retry hint for an open-ended post-only phase (the public service's post-restart window). */
const DEFAULT_POST_ONLY_RETRY_SECONDS = 120;

export class ExchangeMode {
  private phases: Phase[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  set(request: ModeRequest): void {
    const start = this.now();
    const at = (seconds: number | undefined, from: number) => (seconds === undefined ? null : from + seconds * 1000);
    const phases: Phase[] = [];
    if (request.mode === 'restarting') {
      const restartEnd = start + (request.durationSeconds ?? DEFAULT_RESTART_SECONDS) * 1000;
      phases.push({ mode: 'restarting', untilMs: restartEnd, retryAfterSeconds: request.retryAfterSeconds });
      if (request.postOnlySeconds) phases.push({ mode: 'post-only', untilMs: restartEnd + request.postOnlySeconds * 1000, retryAfterSeconds: request.retryAfterSeconds });
    } else if (request.mode !== 'normal') {
      phases.push({ mode: request.mode, untilMs: at(request.durationSeconds, start), retryAfterSeconds: request.retryAfterSeconds });
    }
    this.phases = phases;
  }

  status(): ModeStatus {
    const [current, ...rest] = this.live();
    return {
      mode: current?.mode ?? 'normal',
      untilMs: current?.untilMs ?? null,
      next: rest.map(({ mode, untilMs }) => ({ mode, untilMs })),
    };
  }

  /** 425 while the matching engine restarts; null otherwise. */
  tradingGate(): Reply | null {
    const phase = this.current();
    if (phase?.mode !== 'restarting') return null;
    const retry = this.retryAfter(phase, 1);
    return reply(425, { error: TRADING_MESSAGES.engineRestarting, retry_after_seconds: retry }, { 'retry-after': String(retry) });
  }

  /** The refusal of a new order in the current mode, or null when it may proceed. */
  orderGate(postOnly: boolean): Reply | null {
    const phase = this.current();
    switch (phase?.mode) {
      case 'trading-disabled':
        return reply(503, { error: TRADING_MESSAGES.tradingDisabled });
      case 'cancel-only':
        return reply(503, { error: TRADING_MESSAGES.cancelOnly });
      case 'post-only': {
        if (postOnly) return null;
        const retry = this.retryAfter(phase, DEFAULT_POST_ONLY_RETRY_SECONDS);
        return reply(503, { error: TRADING_MESSAGES.postOnlyMode, code: 'post_only_mode', retry_after_seconds: retry }, { 'retry-after': String(retry) });
      }
      default:
        return null;
    }
  }

  /** In post-only mode a batch keeps going and marks each non-post-only order instead. */
  isPostOnly(): boolean {
    return this.current()?.mode === 'post-only';
  }

  cancelGate(): Reply | null {
    return this.current()?.mode === 'trading-disabled' ? reply(503, { error: TRADING_MESSAGES.tradingDisabled }) : null;
  }

  private retryAfter(phase: Phase, fallback: number): number {
    if (phase.retryAfterSeconds !== undefined) return Math.max(1, Math.ceil(phase.retryAfterSeconds));
    if (phase.untilMs === null) return fallback;
    return Math.max(1, Math.ceil((phase.untilMs - this.now()) / 1000));
  }

  /** Drops the phases that are over. */
  private live(): Phase[] {
    const now = this.now();
    while (this.phases.length > 0 && this.phases[0]?.untilMs !== null && (this.phases[0]?.untilMs as number) <= now) this.phases.shift();
    return this.phases;
  }

  private current(): Phase | undefined {
    return this.live()[0];
  }
}
