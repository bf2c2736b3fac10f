/** Everything an analytics route reads, built once per sandbox by start.ts. */
import type { Exchange } from '../clob/exchange';
import type { World } from '../world/types';
import type { CursorCodec } from './cursor';
import type { ActivityLedger } from './ledger';
import type { MarketIndex } from './marketIndex';

export interface AnalyticsContext {
  world: World;
  exchange: Exchange;
  markets: MarketIndex;
  ledger: ActivityLedger;
  cursors: CursorCodec;
  /** Lower-case protocol contract addresses refused as `user`. */
  contracts: ReadonlySet<string>;
  nowS(): number;
}
