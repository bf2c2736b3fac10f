/**
 * Settled internal transfers, in memory (and in the state file): ids increase from 1 in
 * settlement order; each transfer is listed outbound for the sender (amount negative, our sign
 * convention) and inbound for the recipient. The (signer, salt) of each transfer is kept so a
 * resent op answers `duplicate_salt` with the id it settled under.
 */
import type { Hex } from 'viem';
import type { PerpsList, PerpsTransferRecord } from '../../shared/protocol/perps';
import { pageByMillisecond } from './listPage';

export interface SettledTransfer {
  id: number;
  from: Hex;
  to: Hex;
  asset: string;
  /** Positive integer base units. */
  amount: bigint;
  label: string;
  createdMs: number;
  /** Lower-case proxy address that signed. */
  signer: string;
  salt: number;
}

const saltKey = (signer: string, salt: number) => `${signer.toLowerCase()}:${salt}`;

export class TransferLedger {
  private readonly transfers: SettledTransfer[] = [];
  private readonly bySalt = new Map<string, number>();
  private readonly byAccount = new Map<string, SettledTransfer[]>();
  onChange: () => void = () => {};

  nextId(): number {
    return (this.transfers.at(-1)?.id ?? 0) + 1;
  }

  /** The id a (signer, salt) settled under, if it did. */
  settledUnder(signer: string, salt: number): number | undefined {
    return this.bySalt.get(saltKey(signer, salt));
  }

  record(transfer: SettledTransfer): void {
    this.index(transfer);
    this.onChange();
  }

  private index(transfer: SettledTransfer): void {
    this.transfers.push(transfer);
    this.bySalt.set(saltKey(transfer.signer, transfer.salt), transfer.id);
    for (const party of new Set([transfer.from.toLowerCase(), transfer.to.toLowerCase()])) {
      const list = this.byAccount.get(party) ?? [];
      list.push(transfer);
      this.byAccount.set(party, list);
    }
  }

  /** The account's transfers with created_timestamp in [start, end], newest first (by time, then id). */
  list(account: string, startMs: number, endMs: number, limit: number): PerpsList<PerpsTransferRecord> {
    const own = account.toLowerCase();
    const matching = (this.byAccount.get(own) ?? []).filter((t) => t.createdMs >= startMs && t.createdMs <= endMs)
      .sort((a, b) => b.createdMs - a.createdMs || b.id - a.id);
    const page = pageByMillisecond(matching, limit, (t) => t.createdMs);
    const data = page.data.map((t): PerpsTransferRecord => {
      const outbound = t.from.toLowerCase() === own;
      return {
        transfer_id: t.id,
        asset: t.asset,
        amount: (outbound ? -t.amount : t.amount).toString(),
        counterparty: outbound ? t.to : t.from,
        created_timestamp: t.createdMs,
        label: t.label,
      };
    });
    return { data, more: page.more };
  }

  snapshot(): SettledTransfer[] {
    return this.transfers.map((t) => ({ ...t }));
  }

  restore(transfers: readonly SettledTransfer[]): void {
    this.transfers.length = 0;
    this.bySalt.clear();
    this.byAccount.clear();
    for (const transfer of [...transfers].sort((a, b) => a.id - b.id)) this.index({ ...transfer });
  }
}
