/**
 * Paper collateral the sandbox's perps faucet credited, one record per credit, in order. The
 * account book only keeps balances; the analytics service needs each credit as a moment in the
 * wallet's history (a DEPOSIT row, see perpsActivity.ts), so the faucet records it here too.
 * Kept in the state file (perpsDepositsState.ts) so the rows survive a restart with the balances.
 */
import type { Hex } from 'viem';

export interface PerpsDeposit {
  /** 1, 2, … in crediting order. */
  id: number;
  address: Hex;
  asset: string;
  /** Positive integer base units. */
  amount: bigint;
  createdMs: number;
  /**
   * How many internal transfers had settled when this credit was made: the order between a
   * credit and a transfer in the same millisecond (perpsActivity.ts merges by it, not by time).
   */
  afterTransfer: number;
}

export class PerpsDepositLog {
  private readonly deposits: PerpsDeposit[] = [];
  onChange: () => void = () => {};

  get count(): number {
    return this.deposits.length;
  }

  record(deposit: Omit<PerpsDeposit, 'id'>): PerpsDeposit {
    const full: PerpsDeposit = { ...deposit, id: this.deposits.length + 1 };
    this.deposits.push(full);
    this.onChange();
    return full;
  }

  /** The deposits from position `from` (0-based) on, oldest first. */
  since(from: number): PerpsDeposit[] {
    return this.deposits.slice(from);
  }

  snapshot(): PerpsDeposit[] {
    return this.deposits.map((d) => ({ ...d }));
  }

  restore(deposits: readonly PerpsDeposit[]): void {
    this.deposits.length = 0;
    for (const deposit of [...deposits].sort((a, b) => a.id - b.id)) this.deposits.push({ ...deposit });
  }
}
