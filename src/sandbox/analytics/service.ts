/**
 * Builds the analytics service's shared state from the sandbox's world, books and trade log.
 * Cheap by design: no history is generated here (see synthetic/history.ts).
 */
import type { Exchange } from '../clob/exchange';
import type { TradeLog } from '../trading/tradeLog';
import type { World } from '../world/types';
import type { AnalyticsContext } from './context';
import { contractSet, DEFAULT_PROTOCOL_CONTRACTS } from './contracts';
import { CursorCodec } from './cursor';
import { ActivityLedger } from './ledger';
import { MarketIndex } from './marketIndex';

export interface AnalyticsOptions {
  /** Addresses refused as `user` (default: the chain-137 profile's contracts, contracts.ts). */
  protocolContracts?: readonly string[];
  /** HMAC key for cursors (default: 32 random bytes per process, so cursors die with the process). */
  cursorKey?: Uint8Array;
  /** Capacity slots for heavy queries (default 4) and how long one may wait for a slot (default 2000 ms). */
  heavySlots?: number;
  heavyWaitMs?: number;
  /** Clock for the windows, epoch ms (tests). Default Date.now. */
  now?: () => number;
}

export function createAnalyticsContext(world: World, exchange: Exchange, trades: TradeLog | null, options: AnalyticsOptions = {}): AnalyticsContext {
  const markets = new MarketIndex(world);
  const now = options.now ?? Date.now;
  return {
    world,
    exchange,
    markets,
    // The synthetic histories end an hour before the world's "now".
    ledger: new ActivityLedger(markets, world.seed, Math.floor(world.epochMs / 1000) - 3_600, trades),
    cursors: new CursorCodec(options.cursorKey),
    contracts: contractSet(options.protocolContracts ?? DEFAULT_PROTOCOL_CONTRACTS),
    nowS: () => Math.floor(now() / 1000),
  };
}
