/**
 * Today's fills of each account, kept in main for the daily limits: read from the order book
 * (`GET /data/trades?after=` the UTC day's start), and for the outcomes sold today, once a day,
 * the fills before it (their average cost at the day's start). The read happens when the risk
 * panel or a check first needs the day, and again in the background after every fill the app
 * learns of — never in an order's path once the day was read. Fills an accepted order reported
 * in its own answer count at once, until the next read (which includes them) replaces them.
 */
import type { OrderSide, TradeView } from '../../../shared/tradingViews';
import type { StoredAccount } from '../accounts/accountRegistry';
import type { Logger } from '../log';
import type { AuthenticatedClob } from '../trading/authenticatedClob';
import { CoalescedRuns } from '../trading/coalescedRuns';
import { toTradeViews } from '../trading/orderViews';
import { walkPages, type Page } from '../trading/pagedWalk';
import { replayAtAverageCost, tradedNotional, type Holding, type OwnFill } from './realisedPnl';
import { formatDecimal } from '../../../shared/decimal';
import { dividedBy, units } from './riskFigures';

const DAY_MS = 86_400_000;
export const utcDayStart = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;
export const utcDayEnd = (at: number): number => utcDayStart(at) + DAY_MS;

export interface DayFigures {
  tradedUsd: string;
  realisedUsd: string;
  readAt: number;
}

interface Tally {
  day: number;
  readAt: number;
  fills: OwnFill[];
  /** Holdings at the day's start of the outcomes sold today, read once a day. */
  opening: Map<string, Holding>;
  /** Fills reported in accepted orders' answers since the last read started. */
  answered: OwnFill[];
}

export interface DailyFillsOptions {
  clob: AuthenticatedClob;
  log: Logger;
  now?: () => number;
}

const toOwnFill = (view: TradeView): OwnFill => ({ tokenId: view.assetId, side: view.side, size: view.size, price: view.price, at: view.matchTime });

/**
 * The account's own side of each trade that counts (not FAILED), oldest first. The exchange lists
 * trades newest first and times them to the second: a buy and the sell of its shares in the same
 * second keep their real order only when the list is reversed (the replay's sort is stable).
 */
const oldestFirst = (rows: ReadonlyArray<Record<string, unknown>>, own: string): TradeView[] =>
  [...rows].reverse().flatMap((row) => toTradeViews(row, own)).filter((view) => !/^failed$/i.test(view.status));

export class DailyFills {
  private readonly tallies = new Map<string, Tally>();
  private readonly rereads = new CoalescedRuns();
  private readonly reading = new Map<string, Promise<Tally>>();
  private readonly now: () => number;

  constructor(private readonly options: DailyFillsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Today's figures; reads the day first when it was not read yet (or a new UTC day began). */
  async figures(account: StoredAccount): Promise<DayFigures> {
    let tally = this.tallies.get(account.id);
    if (!tally || tally.day !== utcDayStart(this.now())) tally = await this.read(account);
    const fills = [...tally.fills, ...tally.answered];
    const { realised } = replayAtAverageCost(fills, tally.opening);
    return { tradedUsd: formatDecimal(tradedNotional(fills)), realisedUsd: formatDecimal(realised), readAt: tally.readAt };
  }

  /** Whether today was read for the account (the panel can say "not read yet" without reading). */
  known(accountId: string): boolean {
    return this.tallies.get(accountId)?.day === utcDayStart(this.now());
  }

  /** Fills an accepted order's answer reported: they count now, and the day is read again behind them. */
  answered(account: StoredAccount, fills: OwnFill[]): void {
    const tally = this.tallies.get(account.id);
    if (!tally || fills.length === 0) return;
    tally.answered.push(...fills);
    this.filled(account);
  }

  /** A fill was seen (notification, answer): read the day again in the background, once per burst. */
  filled(account: StoredAccount): void {
    if (!this.tallies.has(account.id)) return;
    void this.rereads.request(account.id, () =>
      this.read(account).catch((error: unknown) => this.options.log.warn(`re-reading today's fills failed: ${error instanceof Error ? error.message : 'unknown'}`)),
    );
  }

  /** One read per account at a time: a check and the panel asking together share it. */
  private read(account: StoredAccount): Promise<Tally> {
    const running = this.reading.get(account.id);
    if (running) return running;
    const read = this.readNow(account).finally(() => this.reading.delete(account.id));
    this.reading.set(account.id, read);
    return read;
  }

  private async readNow(account: StoredAccount): Promise<Tally> {
    const startedAt = this.now();
    const day = utcDayStart(startedAt);
    const own = account.funder ?? account.address;
    const rows = await this.walk(account, { after: String(Math.floor(day / 1000) - 1) });
    const fills = oldestFirst(rows, own).filter((v) => v.matchTime >= day).map(toOwnFill);
    const previous = this.tallies.get(account.id);
    const answered = previous?.day === day ? previous.answered.filter((fill) => fill.at > startedAt) : [];
    const opening = previous?.day === day ? previous.opening : new Map<string, Holding>();
    const sold = new Set([...fills, ...answered].filter((f) => f.side === 'SELL' && !opening.has(f.tokenId)).map((f) => f.tokenId));
    for (const tokenId of sold) opening.set(tokenId, await this.openingOf(account, tokenId, day));
    const tally: Tally = { day, readAt: this.now(), fills, opening, answered };
    this.tallies.set(account.id, tally);
    return tally;
  }

  /** The account's holding of one outcome at the day's start, from its fills before the day. */
  private async openingOf(account: StoredAccount, tokenId: string, day: number): Promise<Holding> {
    const rows = await this.walk(account, { asset_id: tokenId, before: String(Math.floor(day / 1000)) });
    const own = account.funder ?? account.address;
    const fills = oldestFirst(rows, own).filter((v) => v.assetId === tokenId && v.matchTime < day).map(toOwnFill);
    return replayAtAverageCost(fills).holdings.get(tokenId) ?? { shares: 0n, cost: 0n };
  }

  private walk(account: StoredAccount, query: Record<string, string>): Promise<Array<Record<string, unknown>>> {
    return walkPages<Record<string, unknown>>((cursor) =>
      this.options.clob.request<Page<Record<string, unknown>>>(account, {
        method: 'GET',
        path: '/data/trades',
        query: { ...query, next_cursor: cursor },
        priority: 'interactive',
      }),
    );
  }
}

/** An accepted order's own fills, from its answer (`makingAmount` and `takingAmount` are decimals). */
export function fillsInAnswer(tokenId: string, side: OrderSide, makingAmount: string, takingAmount: string, at: number): OwnFill[] {
  const [shares, usd] = side === 'BUY' ? [units(takingAmount), units(makingAmount)] : [units(makingAmount), units(takingAmount)];
  if (shares <= 0n || usd < 0n) return [];
  // The matched part's average price: size × price gives its USD back to within 10^-8 per share.
  return [{ tokenId, side, size: formatDecimal(shares), price: formatDecimal(dividedBy(usd, shares)), at }];
}
