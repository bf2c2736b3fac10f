/**
 * Notifications per address (`GET /notifications`, `DELETE /notifications?ids=`), kept until
 * dropped, at most MAX_PER_ADDRESS each (the oldest go first). Types follow the public
 * service's numbering: 1 an order was canceled by the exchange (expiry, heartbeat dead-man
 * switch), 2 an order was filled (fully or partly).
 */
export const NOTIFICATION_TYPES = { orderCanceled: 1, orderFilled: 2 } as const;
export const MAX_PER_ADDRESS = 500;
const TRIM_SLACK = 100;

export interface NotificationRecord {
  id: number;
  type: number;
  timestampMs: number;
  payload: Record<string, unknown>;
}

export class NotificationBox {
  private readonly byAddress = new Map<string, NotificationRecord[]>();
  private nextId = 1;
  onChange: () => void = () => {};

  push(address: string, type: number, payload: Record<string, unknown>, timestampMs: number): void {
    const list = this.byAddress.get(address) ?? [];
    list.push({ id: this.nextId++, type, timestampMs, payload });
    // Trimmed in batches: cutting one entry off the front on every push costs O(n) each time.
    if (list.length > MAX_PER_ADDRESS + TRIM_SLACK) list.splice(0, list.length - MAX_PER_ADDRESS);
    this.byAddress.set(address, list);
    this.onChange();
  }

  list(address: string): readonly NotificationRecord[] {
    const list = this.byAddress.get(address) ?? [];
    return list.length > MAX_PER_ADDRESS ? list.slice(-MAX_PER_ADDRESS) : list;
  }

  /** Drops the listed ids, or everything when `ids` is null. */
  drop(address: string, ids: ReadonlySet<number> | null): void {
    const list = this.byAddress.get(address);
    if (!list) return;
    const kept = ids === null ? [] : list.filter((n) => !ids.has(n.id));
    if (kept.length > 0) this.byAddress.set(address, kept);
    else this.byAddress.delete(address);
    this.onChange();
  }

  snapshot(): { nextId: number; byAddress: Record<string, NotificationRecord[]> } {
    return { nextId: this.nextId, byAddress: Object.fromEntries(this.byAddress) };
  }

  restore(nextId: number, byAddress: Readonly<Record<string, NotificationRecord[]>>): void {
    this.byAddress.clear();
    for (const [address, list] of Object.entries(byAddress)) if (list.length > 0) this.byAddress.set(address, [...list]);
    this.nextId = nextId;
  }
}
