/**
 * Bounds on bridge calls (issue 10, finding 5: under 10,000 random valid inputs 463 calls never
 * got a reply and memory grew past 15 GB). Shared by both transports through the dispatcher:
 * - every call answers by its deadline, with its result or a `timeout` error naming the channel
 *   (the work itself may still finish; its result is then dropped);
 * - each client connection (a browser tab's WebSocket, an Electron window) has at most
 *   `maxInFlightPerClient` calls running; one more is refused at once with `throttled`. A call
 *   holds its slot until its handler really settles, not just until its deadline answered, so
 *   work that hangs cannot pile up behind a stream of timeouts.
 */
import { channelAuthority } from '../../../shared/channelAuthority';
import type { ChannelName } from '../../../shared/contract';
import { CONFIRMATION_TIMEOUT_MS } from '../authority/confirmationCenter';

export interface CallLimits {
  /** Deadline of an ordinary call (reads, writes). */
  deadlineMs: number;
  /**
   * Deadline of a call that may wait for the user's answer in main's own surface (orders and every
   * `confirm` channel): the question's own time limit and then the work.
   */
  questionDeadlineMs: number;
  /** Deadline of the channels in `longChannels`: history walks, exports, key derivation. */
  longDeadlineMs: number;
  longChannels: ReadonlySet<string>;
  maxInFlightPerClient: number;
}

/**
 * Walks and exports run while their job id can cancel them; vault and keystore calls run a
 * memory-hard key derivation that takes seconds on a slow machine.
 */
const LONG_CHANNELS: readonly ChannelName[] = [
  'syncActivityHistory', 'exportActivity', 'syncPerpsHistory', 'exportPerpsTransfers',
  'createVault', 'unlockVault', 'importKeystoreAccount', 'exportAccountKeystore', 'revealAccountPrivateKey',
];

export const DEFAULT_CALL_LIMITS: CallLimits = {
  deadlineMs: 60_000,
  questionDeadlineMs: CONFIRMATION_TIMEOUT_MS + 60_000,
  longDeadlineMs: 30 * 60_000,
  longChannels: new Set(LONG_CHANNELS),
  maxInFlightPerClient: 32,
};

const mayAsk = (channel: string): boolean => {
  const cls = (channelAuthority as Record<string, string>)[channel];
  return cls === 'confirm' || cls === 'trade';
};

export const deadlineFor = (limits: CallLimits, channel: string): number =>
  limits.longChannels.has(channel) ? limits.longDeadlineMs : mayAsk(channel) ? Math.max(limits.questionDeadlineMs, limits.deadlineMs) : limits.deadlineMs;

/** Counts calls in flight per client; an entry leaves the map when its count returns to zero. */
export class InFlightCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a slot; false when the client already has `max` calls running. */
  tryTake(clientId: string): boolean {
    const current = this.counts.get(clientId) ?? 0;
    if (current >= this.max) return false;
    this.counts.set(clientId, current + 1);
    return true;
  }

  release(clientId: string): void {
    const current = this.counts.get(clientId) ?? 0;
    if (current <= 1) this.counts.delete(clientId);
    else this.counts.set(clientId, current - 1);
  }

  inFlight(clientId: string): number {
    return this.counts.get(clientId) ?? 0;
  }

  /** Clients with calls running (the map never outgrows them). */
  clients(): number {
    return this.counts.size;
  }
}
