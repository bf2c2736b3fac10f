/**
 * The integer ids an activity row refers to instead of repeating long texts (migrations.ts): a
 * wallet's id, and the id of a row's market fields (condition, market, event, title, outcome,
 * token) in `markets`. Each distinct value is inserted once and remembered in a Map, so a walk's
 * rows bind a few integers where they bound a dozen long strings (docs/decisions/). A page's rows
 * mostly repeat the outcome tokens of the rows before them: the last row seen per token id (per
 * condition id for a row without a token: a split, merge or redemption) is compared field by
 * field with the new one, before any array or key is made, and a row without any market field
 * (a deposit, a tip) is told at once (profiled: building them for every row was a third of a
 * walk's insert time, and the rows without a token, a third of a large wallet's, built them all).
 * The maps only ever hold ids of rows in the database: after a rollback (which may have removed
 * rows inserted inside it) they are emptied and filled again from the file on next use.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ActivityRow } from '../../../shared/protocol/analytics';

/** The market fields of a row, in `markets` column order. */
type MarketFields = [string | null, string | null, string | null, string | null, string | null, string | null, number | null, string | null];

const MARKET_COLUMNS = 'condition_id, market_id, event_id, event_slug, title, outcome, outcome_index, token_id';

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** Null and '' must not meet in a key: null is written as a character no field holds. */
const keyPart = (value: string | number | null) => (value === null ? '\u0000' : String(value));

/** A row's market fields as sent (not lower-cased), kept per token id to compare the next rows with. */
type SeenMarket = Pick<ActivityRow, 'condition_id' | 'market_id' | 'event_id' | 'event_slug' | 'title' | 'outcome' | 'outcome_index'>;

type Seen = { id: number; market: SeenMarket };

/** No market field at all (a deposit, a withdrawal, a tip): such a row refers to no market. */
const noMarket = (row: ActivityRow) =>
  row.token_id == null && row.condition_id == null && row.market_id == null && row.event_id == null && row.event_slug == null &&
  row.title == null && row.outcome == null && row.outcome_index == null;

/** The same market fields as the row last seen with its token (raw wire values: no copy per row). */
const sameMarket = (a: SeenMarket, b: ActivityRow) =>
  a.condition_id === b.condition_id && a.market_id === b.market_id && a.event_id === b.event_id && a.event_slug === b.event_slug &&
  a.title === b.title && a.outcome === b.outcome && a.outcome_index === b.outcome_index;

export class ActivityRefs {
  private wallets: Map<string, number> | null = null;
  private markets: Map<string, number> | null = null;
  /** The last row seen per token id and its market's id, checked field by field: no key is built per row. */
  private byToken = new Map<string, Seen>();
  /** The same for rows with a condition and no token id. */
  private byCondition = new Map<string, Seen>();
  private readonly insertWallet: StatementSync;
  private readonly insertMarket: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.insertWallet = db.prepare('INSERT INTO wallets (address) VALUES (?)');
    this.insertMarket = db.prepare(`INSERT INTO markets (${MARKET_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  /** Forgets every remembered id (after a rollback); they are read again from the file. */
  forget(): void {
    this.wallets = null;
    this.markets = null;
    this.byToken = new Map();
    this.byCondition = new Map();
  }

  /** The wallet's id; with `create` false, null for a wallet the store has never held. */
  walletId(address: string, create: true): number;
  walletId(address: string, create: false): number | null;
  walletId(address: string, create: boolean): number | null {
    this.wallets ??= new Map(
      (this.db.prepare('SELECT id, address FROM wallets').all() as Array<{ id: number; address: string }>).map((w) => [w.address, w.id]),
    );
    const known = this.wallets.get(address);
    if (known !== undefined || !create) return known ?? null;
    const id = Number(this.insertWallet.run(address).lastInsertRowid);
    this.wallets.set(address, id);
    return id;
  }

  /** The id of the row's market fields (inside the caller's transaction); null for a row without any. */
  marketId(row: ActivityRow): number | null {
    const token = row.token_id;
    const condition = row.condition_id;
    const key = typeof token === 'string' ? token : condition;
    const seenBy = typeof token === 'string' ? this.byToken : typeof condition === 'string' ? this.byCondition : null;
    if (seenBy === null && noMarket(row)) return null;
    const seen = seenBy?.get(key!);
    if (seen && sameMarket(seen.market, row)) return seen.id;
    const fields: MarketFields = [
      condition ? condition.toLowerCase() : null, orNull(row.market_id), orNull(row.event_id), orNull(row.event_slug),
      orNull(row.title), orNull(row.outcome), orNull(row.outcome_index), orNull(token),
    ];
    const id = this.marketIdByKey(fields);
    if (seenBy !== null && id !== null) {
      const { condition_id, market_id, event_id, event_slug, title, outcome, outcome_index } = row;
      seenBy.set(key!, { id, market: { condition_id, market_id, event_id, event_slug, title, outcome, outcome_index } });
    }
    return id;
  }

  private marketIdByKey(fields: MarketFields): number | null {
    if (fields.every((field) => field === null)) return null;
    this.markets ??= this.loadMarkets();
    const key = fields.map(keyPart).join('\u0001');
    const known = this.markets.get(key);
    if (known !== undefined) return known;
    const id = Number(this.insertMarket.run(...fields).lastInsertRowid);
    this.markets.set(key, id);
    return id;
  }

  private loadMarkets(): Map<string, number> {
    const map = new Map<string, number>();
    const rows = this.db.prepare(`SELECT id, ${MARKET_COLUMNS} FROM markets`).all() as Array<Record<string, string | number | null>>;
    for (const row of rows) {
      const fields = [row.condition_id, row.market_id, row.event_id, row.event_slug, row.title, row.outcome, row.outcome_index, row.token_id];
      map.set(fields.map((field) => keyPart(field ?? null)).join('\u0001'), row.id as number);
    }
    return map;
  }
}
