/**
 * Paper balances per address: collateral (USD, 6 decimals) and conditional tokens per token id,
 * all bigint base units. Balances belong to the order's `maker` (the funder).
 *
 * Open orders reserve what they may spend — a BUY its makerAmount of collateral, a SELL its
 * makerAmount of tokens — so a new order is checked against the available balance (balance
 * minus reservations), the way the public exchange counts open orders against a wallet.
 * `GET /balance-allowance` reports the whole balance, as the wallet holds it on chain.
 *
 * Nothing here can go negative: every debit comes out of a reservation made before.
 */

/** The asset key of collateral; conditional tokens are keyed by their decimal token id. */
export const COLLATERAL = 'collateral';

interface Account {
  balances: Map<string, bigint>;
  reserved: Map<string, bigint>;
}

export interface LedgerEntry {
  /** Lower-case address. */
  address: string;
  /** Asset key → balance in base units (zero balances left out). */
  balances: Record<string, bigint>;
}

const read = (map: Map<string, bigint>, asset: string) => map.get(asset) ?? 0n;

function write(map: Map<string, bigint>, asset: string, value: bigint): void {
  if (value < 0n) throw new Error(`ledger would go negative on ${asset}`);
  if (value === 0n) map.delete(asset);
  else map.set(asset, value);
}

export class PaperLedger {
  private readonly accounts = new Map<string, Account>();
  /** Runs after every balance change (the state file listens here). */
  onChange: () => void = () => {};

  private account(address: string): Account {
    const key = address.toLowerCase();
    let account = this.accounts.get(key);
    if (!account) {
      account = { balances: new Map(), reserved: new Map() };
      this.accounts.set(key, account);
    }
    return account;
  }

  balance(address: string, asset: string): bigint {
    return read(this.account(address).balances, asset);
  }

  available(address: string, asset: string): bigint {
    const account = this.account(address);
    return read(account.balances, asset) - read(account.reserved, asset);
  }

  credit(address: string, asset: string, amount: bigint): void {
    const { balances } = this.account(address);
    write(balances, asset, read(balances, asset) + amount);
    this.onChange();
  }

  /** Holds `amount` for an open order; false (and nothing held) when not enough is available. */
  reserve(address: string, asset: string, amount: bigint): boolean {
    if (this.available(address, asset) < amount) return false;
    const { reserved } = this.account(address);
    write(reserved, asset, read(reserved, asset) + amount);
    return true;
  }

  /** Gives back what an order held and will not spend. */
  release(address: string, asset: string, amount: bigint): void {
    const { reserved } = this.account(address);
    write(reserved, asset, read(reserved, asset) - amount);
  }

  /** Pays out of an order's reservation (a fill). */
  spendReserved(address: string, asset: string, amount: bigint): void {
    const { balances, reserved } = this.account(address);
    write(reserved, asset, read(reserved, asset) - amount);
    write(balances, asset, read(balances, asset) - amount);
    this.onChange();
  }

  /** Every non-empty account, for the state file. */
  snapshot(): LedgerEntry[] {
    const out: LedgerEntry[] = [];
    for (const [address, account] of this.accounts) {
      if (account.balances.size > 0) out.push({ address, balances: Object.fromEntries(account.balances) });
    }
    return out;
  }

  /** Replaces every balance; reservations start empty (open orders re-reserve when restored). */
  restore(entries: readonly LedgerEntry[]): void {
    this.accounts.clear();
    for (const entry of entries) {
      const account = this.account(entry.address);
      for (const [asset, value] of Object.entries(entry.balances)) write(account.balances, asset, value);
    }
  }
}
