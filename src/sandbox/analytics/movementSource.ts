/**
 * Rows another service of the sandbox adds to wallets' activity feeds ("one world": the perps
 * exchange's transfers and faucet credits, see world/perpsActivity.ts). The ledger asks each
 * source for what is new before every read and merges it with the order book's fills by time.
 */
import type { ActivityRow } from '../../shared/protocol/analytics';

export interface WalletMovement {
  /** Lower-case address whose feed gets the row. */
  wallet: string;
  /** When it happened, epoch ms (the merge key). */
  atMs: number;
  /** Packed kind (synthetic/history.ts `packKind`), what the feed's filters read. */
  kind: number;
  row: Omit<ActivityRow, 'sequence_id'>;
}

/** USD amounts in feed rows carry at most 6 decimals. */
export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export interface MovementSource {
  /** Movements since the previous call, oldest first; cheap when there are none. */
  take(): WalletMovement[];
}
