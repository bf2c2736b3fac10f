/**
 * What the exchange currently accepts, learned from its answers (the spec describes the modes
 * only through their errors): 425 restarting, 503 trading disabled / cancel-only / post-only,
 * and per-address closed-only or banned from a 400. The UI shows it as a banner and the order
 * ticket refuses locally what the exchange would refuse anyway.
 */
import type { ExchangeMode } from '../../../shared/tradingViews';
import type { CoreError } from '../coreError';

export interface ModeSnapshot {
  mode: ExchangeMode;
  retryAt: number | null;
  modeMessage: string | null;
  closedOnly: boolean;
  banned: boolean;
}

/** The exchange's per-address refusal an answer carries (spec: `'{address}' address banned` / `… in closed only mode`), if any. */
export function restrictionOf(error: CoreError): 'closed-only' | 'banned' | null {
  if (error.status !== 400) return null;
  const said = error.service.message ?? '';
  if (/address in closed only mode/i.test(said)) return 'closed-only';
  if (/address banned/i.test(said)) return 'banned';
  return null;
}

export class ExchangeModeTracker {
  private mode: ExchangeMode = 'normal';
  private retryAt: number | null = null;
  private modeMessage: string | null = null;
  private readonly restrictions = new Map<string, 'closed-only' | 'banned'>();

  constructor(
    private readonly onChange: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  snapshot(address: string | null): ModeSnapshot {
    this.expire();
    const restriction = address ? this.restrictions.get(address.toLowerCase()) : undefined;
    return {
      mode: this.mode,
      retryAt: this.retryAt,
      modeMessage: this.modeMessage,
      closedOnly: restriction === 'closed-only',
      banned: restriction === 'banned',
    };
  }

  /**
   * The exchange accepted orders: whatever mode we believed in is over — except that post-only
   * orders are accepted in post-only mode too, so only an order that is not post-only proves it.
   */
  recordOrdersAccepted(allPostOnly: boolean): void {
    if (allPostOnly && this.mode === 'post-only') return;
    this.set('normal', null, null);
  }

  /** A mode probe got past every mode gate (modeProbe.ts): whatever mode we believed in is over. */
  recordModeOver(): void {
    this.set('normal', null, null);
  }

  recordFailure(address: string, error: CoreError): void {
    const said = error.service.message ?? '';
    const retryAfterMs = error.service.retryAfterSeconds ? error.service.retryAfterSeconds * 1000 : null;
    if (error.status === 425) return this.set('restarting', this.now() + (retryAfterMs ?? 2_000), 'The matching engine is restarting.');
    if (error.status === 503) {
      if (error.service.code === 'post_only_mode') return this.set('post-only', retryAfterMs ? this.now() + retryAfterMs : null, said);
      if (/cancel-only/i.test(said)) return this.set('cancel-only', null, said);
      if (/disabled/i.test(said)) return this.set('trading-disabled', null, said);
    }
    const restriction = restrictionOf(error);
    if (restriction) return this.restrict(address, restriction);
  }

  /** Sandbox controls and tests set the mode directly. */
  set(mode: ExchangeMode, retryAt: number | null, message: string | null): void {
    const changed = mode !== this.mode || retryAt !== this.retryAt || message !== this.modeMessage;
    this.mode = mode;
    this.retryAt = retryAt;
    this.modeMessage = message;
    if (changed) this.onChange();
  }

  restrict(address: string, restriction: 'none' | 'closed-only' | 'banned'): void {
    const key = address.toLowerCase();
    if ((this.restrictions.get(key) ?? 'none') === restriction) return;
    if (restriction === 'none') this.restrictions.delete(key);
    else this.restrictions.set(key, restriction);
    this.onChange();
  }

  /** Post-only and restarting end by themselves; afterwards we assume normal until told otherwise. */
  private expire(): void {
    if (this.retryAt !== null && this.now() >= this.retryAt && (this.mode === 'post-only' || this.mode === 'restarting')) {
      this.set('normal', null, null);
    }
  }
}
