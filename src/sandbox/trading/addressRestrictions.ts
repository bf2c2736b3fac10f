/**
 * Per-address restrictions set through the admin route: `closed-only` and `banned` refuse new
 * orders with the spec's 400s. Cancels stay allowed for both, so a restricted user can still
 * take risk off the book (the spec only names order placement for these states).
 * Checked for the order's signer and its maker (the funder), signer first.
 */
import { TRADING_MESSAGES } from './tradingMessages';

export const RESTRICTIONS = ['none', 'closed-only', 'banned'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

export class AddressRestrictions {
  private readonly byAddress = new Map<string, Exclude<Restriction, 'none'>>();

  set(address: string, restriction: Restriction): void {
    if (restriction === 'none') this.byAddress.delete(address.toLowerCase());
    else this.byAddress.set(address.toLowerCase(), restriction);
  }

  /** The refusal message for an order from these addresses (as written in the order), or null. */
  refusal(addresses: readonly string[]): string | null {
    for (const address of addresses) {
      const restriction = this.byAddress.get(address.toLowerCase());
      if (restriction === 'banned') return TRADING_MESSAGES.banned(address);
      if (restriction === 'closed-only') return TRADING_MESSAGES.closedOnly(address);
    }
    return null;
  }
}

/**
 * Injected faults. `orderTimeouts`: the next N orders (single or inside a batch) answer the
 * spec's 500 `order timed out` after the mode check and before anything touches the book, so
 * the order was never placed and may be resubmitted.
 */
export class FaultInjector {
  private timeouts = 0;

  setOrderTimeouts(count: number): void {
    this.timeouts = count;
  }

  pending(): { orderTimeouts: number } {
    return { orderTimeouts: this.timeouts };
  }

  /** True (and one fewer pending) when this order should time out. */
  takeOrderTimeout(): boolean {
    if (this.timeouts <= 0) return false;
    this.timeouts -= 1;
    return true;
  }
}
