/** Everything an analytics route reads, built once per sandbox by start.ts. */
import type { Exchange } from '../clob/exchange';
import type { MarketActivity } from '../trading/marketActivity';
import type { World } from '../world/types';
import type { CapacitySlots } from './capacitySlots';
import type { CursorCodec } from './cursor';
import type { ActivityLedger } from './ledger';
import type { MarketIndex } from './marketIndex';
import type { PageThread } from './pageThread';

export interface AnalyticsContext {
  world: World;
  exchange: Exchange;
  markets: MarketIndex;
  ledger: ActivityLedger;
  cursors: CursorCodec;
  /** Lower-case protocol contract addresses refused as `user`. */
  contracts: ReadonlySet<string>;
  nowS(): number;
  /** The order-book's per-market price series (the same one `/prices-history` on the order book serves). */
  prices: MarketActivity | null;
  /** Heavy queries take one of these slots (capacitySlots.ts). */
  heavy: CapacitySlots;
  /** Writes big `/v2/activity` pages off the event loop (closed with the sandbox). */
  pages: PageThread;
}
