/**
 * The account's open orders as the risk checks count them, without a read in the order's path:
 * the activity poller's last list, plus the orders accepted since that read started, less the
 * orders cancelled since. A script that places orders faster than the poller reads is counted
 * order by order, not one poll late.
 */
import type { OpenOrderView, PlacedOrder } from '../../../shared/tradingViews';
import { UNLABELLED } from '../trading/orderViews';

export interface OpenOrderReads {
  lastKnownOrders(accountId: string): OpenOrderView[];
  /** When the read behind `lastKnownOrders` started (unix ms); null before the first. */
  lastReadStartedAt(accountId: string): number | null;
}

interface Noted<T> {
  value: T;
  at: number;
}

/** A resting order from its placement's answer: the ticket's shares, less what matched at once. */
export function restingFromAnswer(placed: PlacedOrder, at: number): OpenOrderView | null {
  const { ticket } = placed;
  // Matched (or, for an answer recovered by its hash, cancelled) orders rest nothing.
  if (!placed.success || placed.orderId === '' || !/^(live|delayed|unmatched|)$/i.test(placed.status)) return null;
  if (ticket.orderType !== 'GTC' && ticket.orderType !== 'GTD') return null;
  const matched = ticket.side === 'BUY' ? placed.takingAmount : placed.makingAmount;
  return {
    id: placed.orderId,
    status: 'LIVE',
    market: '',
    assetId: ticket.tokenId,
    side: ticket.side,
    originalSize: ticket.size ?? '0',
    sizeMatched: matched || '0',
    price: ticket.price,
    outcome: '',
    orderType: ticket.orderType,
    createdAt: at,
    expiration: ticket.expiration ?? 0,
    // The answer's ticket says the flag, which the exchange's order rows never carry.
    postOnly: ticket.postOnly === true,
    ...UNLABELLED,
  };
}

export class KnownOpenOrders {
  private readonly placedSince = new Map<string, Array<Noted<OpenOrderView>>>();
  private readonly cancelledSince = new Map<string, Array<Noted<string>>>();

  constructor(
    private readonly reads: OpenOrderReads,
    private readonly now: () => number = Date.now,
  ) {}

  placed(accountId: string, placed: readonly PlacedOrder[]): void {
    const at = this.now();
    const resting = placed.flatMap((p) => restingFromAnswer(p, at) ?? []);
    if (resting.length > 0) this.placedSince.set(accountId, [...(this.placedSince.get(accountId) ?? []), ...resting.map((value) => ({ value, at }))]);
  }

  cancelled(accountId: string, orderIds: readonly string[]): void {
    const at = this.now();
    if (orderIds.length > 0) this.cancelledSince.set(accountId, [...(this.cancelledSince.get(accountId) ?? []), ...orderIds.map((value) => ({ value, at }))]);
  }

  /** The open orders now, `leaveOut` (an order being amended) left out; null before the first read. */
  open(accountId: string, leaveOut?: string): OpenOrderView[] | null {
    const since = this.reads.lastReadStartedAt(accountId);
    if (since === null) return null;
    // What happened before the read started is in its list: only later notes still add anything.
    const placed = this.prune(this.placedSince, accountId, since);
    const cancelled = new Set(this.prune(this.cancelledSince, accountId, since).map((n) => n.value));
    if (leaveOut) cancelled.add(leaveOut);
    const listed = this.reads.lastKnownOrders(accountId);
    const ids = new Set(listed.map((o) => o.id));
    const added = placed.map((n) => n.value).filter((o) => !ids.has(o.id));
    return [...listed, ...added].filter((o) => !cancelled.has(o.id));
  }

  private prune<T>(map: Map<string, Array<Noted<T>>>, accountId: string, since: number): Array<Noted<T>> {
    const kept = (map.get(accountId) ?? []).filter((n) => n.at >= since);
    map.set(accountId, kept);
    return kept;
  }
}
