/**
 * Every user order the sandbox accepted, by id (the EIP-712 hash), with its fill state. Open
 * orders stay until filled, canceled or expired; closed ones are kept for `GET /data/order/{id}`
 * and duplicate detection up to a bound (the oldest closed orders are forgotten first), so a
 * long session cannot grow memory without limit.
 *
 * Orders belong to the address of the API key that placed them (the `signer`); reads, cancels,
 * cancel-all and the heartbeat dead-man switch are scoped by that address. Balances move on the
 * `maker` (the funder), which equals the signer for EOA orders.
 */
import type { OrderSide, OrderType } from '../../shared/orders/orderSchema';
import { COLLATERAL } from './paperLedger';

export type OrderStatus = 'LIVE' | 'MATCHED' | 'CANCELED';

export interface OrderRecord {
  id: string;
  /** The API key named in the order body. */
  owner: string;
  /** Lower-case signer (the API key's address). */
  signer: string;
  /** Lower-case maker (the funder whose balances move). */
  maker: string;
  market: string;
  tokenId: string;
  outcome: 0 | 1;
  side: OrderSide;
  orderType: OrderType;
  postOnly: boolean;
  /** Limit price in pips of the order's own outcome. */
  price: number;
  /** Sizes in hundredths of a share. */
  originalSize: number;
  sizeMatched: number;
  /** Base units still held for this order: collateral for a BUY, tokens for a SELL. */
  reserved: bigint;
  status: OrderStatus;
  createdAtMs: number;
  /** Unix seconds; 0 when the order does not expire. */
  expiration: number;
  tradeIds: string[];
  makerAmount: string;
  takerAmount: string;
  signatureType: number;
  /** Lower-case builder code from the order's v2 `builder` field; absent when zero (or v1). */
  builder?: string;
}

/** The ledger asset an order holds while open. */
export const reservedAssetOf = (order: Pick<OrderRecord, 'side' | 'tokenId'>): string =>
  order.side === 'BUY' ? COLLATERAL : order.tokenId;

export const DEFAULT_MAX_CLOSED_ORDERS = 20_000;

export class OrderStore {
  private readonly byId = new Map<string, OrderRecord>();
  private readonly open = new Set<string>();
  /** Closed ids, oldest first, for the retention bound. */
  private readonly closed: string[] = [];

  constructor(private readonly maxClosed = DEFAULT_MAX_CLOSED_ORDERS) {}

  get(id: string): OrderRecord | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  add(order: OrderRecord): void {
    this.byId.set(order.id, order);
    if (order.status === 'LIVE') this.open.add(order.id);
    else this.noteClosed(order.id);
  }

  /** Marks a LIVE order closed (MATCHED or CANCELED). */
  close(order: OrderRecord, status: Exclude<OrderStatus, 'LIVE'>): void {
    order.status = status;
    if (this.open.delete(order.id)) this.noteClosed(order.id);
  }

  /** Open orders, oldest first, optionally only those of one owner address. */
  openOrders(address?: string): OrderRecord[] {
    const out: OrderRecord[] = [];
    for (const id of this.open) {
      const order = this.byId.get(id) as OrderRecord;
      if (address === undefined || order.signer === address) out.push(order);
    }
    return out;
  }

  /** Every retained order (open and closed) in insertion order, for the state file. */
  all(): OrderRecord[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
    this.open.clear();
    this.closed.length = 0;
  }

  private noteClosed(id: string): void {
    this.closed.push(id);
    while (this.closed.length > this.maxClosed) this.byId.delete(this.closed.shift() as string);
  }
}
