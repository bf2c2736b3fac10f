/**
 * Builds the analytics service's shared state from the sandbox's world, books and trade log.
 * Cheap by design: no history is generated here (see synthetic/history.ts).
 */
import type { Exchange } from '../clob/exchange';
import type { MarketActivity } from '../trading/marketActivity';
import type { TradeLog } from '../trading/tradeLog';
import type { World } from '../world/types';
import type { AnalyticsContext } from './context';
import { contractSet, DEFAULT_PROTOCOL_CONTRACTS } from './contracts';
import { CapacitySlots } from './capacitySlots';
import { CursorCodec } from './cursor';
import { ActivityLedger } from './ledger';
import { MarketIndex } from './marketIndex';
import type { MovementSource } from './movementSource';
import { PageThread } from './pageThread';
import { pageWorldOf } from './pageWorld';

export interface AnalyticsOptions {
  /** Addresses refused as `user` (default: the chain-137 profile's contracts, contracts.ts). */
  protocolContracts?: readonly string[];
  /**
   * HMAC key for cursors. Default: 32 random bytes, kept in the state file when the sandbox has
   * one (cursors then survive restarts), else per process (cursors die with the process).
   */
  cursorKey?: Uint8Array;
  /** Capacity slots for heavy queries (default 4) and how long one may wait for a slot (default 2000 ms). */
  heavySlots?: number;
  heavyWaitMs?: number;
  /** Least time a heavy query holds its slot (default 0; tests use it to see the busy 429). */
  heavyHoldMs?: number;
  /** Clock for the windows, epoch ms (tests). Default Date.now. */
  now?: () => number;
  /** Write big `/v2/activity` pages on a worker thread (default true; false: on the event loop). */
  pageWorker?: boolean;
}

export const DEFAULT_HEAVY_SLOTS = 4;
export const DEFAULT_HEAVY_WAIT_MS = 2_000;

export function createAnalyticsContext(
  world: World, exchange: Exchange, trades: TradeLog | null, prices: MarketActivity | null, options: AnalyticsOptions = {},
  cursors: CursorCodec = new CursorCodec(options.cursorKey),
  /** Other services' rows for the wallets' feeds (the perps exchange's transfers and deposits). */
  movements: readonly MovementSource[] = [],
): AnalyticsContext {
  const slots = options.heavySlots ?? DEFAULT_HEAVY_SLOTS;
  const waitMs = options.heavyWaitMs ?? DEFAULT_HEAVY_WAIT_MS;
  if (!Number.isInteger(slots) || slots < 1 || slots > 1_000) throw new RangeError(`sandbox: analytics.heavySlots must be an integer between 1 and 1000 (got ${slots})`);
  if (!Number.isInteger(waitMs) || waitMs < 0 || waitMs > 60_000) throw new RangeError(`sandbox: analytics.heavyWaitMs must be an integer between 0 and 60000 (got ${waitMs})`);
  const markets = new MarketIndex(world);
  const now = options.now ?? Date.now;
  // The synthetic histories end an hour before the world's "now".
  const historyEndS = Math.floor(world.epochMs / 1000) - 3_600;
  return {
    world,
    exchange,
    markets,
    ledger: new ActivityLedger(markets, world.seed, historyEndS, trades, movements),
    cursors,
    contracts: contractSet(options.protocolContracts ?? DEFAULT_PROTOCOL_CONTRACTS),
    nowS: () => Math.floor(now() / 1000),
    prices,
    heavy: new CapacitySlots(slots, waitMs, options.heavyHoldMs ?? 0),
    pages: new PageThread(() => pageWorldOf(world, historyEndS), options.pageWorker ?? true),
  };
}
