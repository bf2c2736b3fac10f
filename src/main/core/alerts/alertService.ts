/**
 * Price and fill alerts, evaluated in main against the books main already polls: the service
 * watches the books of its alerts as one more BookWatcher client (so they are polled whether or
 * not a window shows them) and reads every `orderBooksUpdated` and `orderFilled` the core emits.
 * A price alert fires once — it moves from the alert list to the log in one settings write —
 * and the log keeps the newest MAX_ALERT_LOG entries. Both live in the settings store, so they
 * survive restarts, per network (networkAlertLists.ts: one service per network reads only its
 * own); `alertFired` tells the windows and the desktop shell (OS notification).
 *
 * An alert that fires while the disk refuses writes (full, read-only) still fires: the trader is
 * told, the status bar shows the refused write, and the move is kept in memory (not fired again in
 * this run) until a later write of the lists goes through. Creating or removing an alert then
 * fails with the disk's message.
 */
import { randomUUID } from 'node:crypto';
import type { EventName, EventPayload } from '../../../shared/contract';
import {
  MAX_ALERT_LOG,
  MAX_PRICE_ALERTS,
  type AlertsState,
  type FiredAlert,
  type PriceAlert,
  type PriceAlertInput,
} from '../../../shared/prefs';
import type { FillNotification } from '../../../shared/tradingViews';
import type { OrderBookView } from '../../../shared/viewModels';
import { CoreError } from '../coreError';
import type { Logger } from '../log';
import type { SettingsStore } from '../settings/settingsStore';
import { triggeringPrice } from './alertRules';
import { NetworkAlertLists } from './networkAlertLists';
import { describeFill, describePriceAlert } from './alertText';

/** The BookWatcher client id the alerts watch under (windows use their connection ids). */
export const ALERTS_BOOK_CLIENT = 'core:alerts';

export interface AlertBooks {
  watch(clientId: string, tokenIds: readonly string[]): Promise<OrderBookView[]>;
}

export interface AlertServiceOptions {
  settings: SettingsStore;
  /** The network whose alerts and log this service keeps (the books it reads are that network's). */
  networkId: string;
  books: AlertBooks;
  emit: <K extends EventName>(event: K, payload: EventPayload<K>) => void;
  log: Logger;
  now?: () => number;
  newId?: () => string;
}

export class AlertService {
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly lists: NetworkAlertLists;
  /** Fired alerts whose move to the log the disk refused, until a write of the lists goes through. */
  private unsaved: { firedIds: Set<string>; log: FiredAlert[] } | null = null;

  constructor(private readonly options: AlertServiceOptions) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
    this.lists = new NetworkAlertLists(options.settings, options.networkId);
  }

  state(): AlertsState {
    return { alerts: this.waiting(), log: this.fullLog() };
  }

  /** The stored alerts less those that fired unsaved. */
  private waiting(): PriceAlert[] {
    const fired = this.unsaved?.firedIds;
    const stored = this.lists.alerts();
    return fired ? stored.filter((a) => !fired.has(a.id)) : stored;
  }

  /** The stored log with what fired unsaved on top, newest first. */
  private fullLog(): FiredAlert[] {
    const stored = this.lists.log();
    return this.unsaved ? [...this.unsaved.log, ...stored].slice(0, MAX_ALERT_LOG) : stored;
  }

  /**
   * Writes what changed (null/undefined: unchanged), and what waits unsaved; a refused write throws
   * its StorageFault.
   */
  private write(alerts: PriceAlert[] | null, log?: FiredAlert[]): void {
    if (alerts || this.unsaved) this.lists.setAlerts(alerts ?? this.waiting());
    if (log || this.unsaved) this.lists.setLog(log ?? this.fullLog());
    this.unsaved = null;
  }

  /** A background move to the log: refused by the disk, it is kept in memory (see the header). */
  private writeFired(alerts: PriceAlert[] | null, entries: FiredAlert[]): void {
    const log = [...[...entries].reverse(), ...this.fullLog()].slice(0, MAX_ALERT_LOG);
    try {
      this.write(alerts, log);
    } catch (error) {
      if (!(error instanceof CoreError && error.code === 'storage')) throw error;
      const firedIds = new Set([...(this.unsaved?.firedIds ?? []), ...entries.filter((e) => e.kind === 'price').map((e) => e.id)]);
      this.unsaved = { firedIds, log: [...[...entries].reverse(), ...(this.unsaved?.log ?? [])] };
      this.options.log.warn(`alerts: ${entries.length} fired alert(s) were not saved: ${error.message}`);
    }
  }

  /** Starts watching the books of the stored alerts (after a restart). */
  async start(): Promise<void> {
    await this.rewatch();
  }

  async create(input: PriceAlertInput): Promise<AlertsState> {
    const alerts = this.waiting();
    if (alerts.length >= MAX_PRICE_ALERTS) {
      throw new CoreError('invalid_input', `At most ${MAX_PRICE_ALERTS} price alerts can wait at once: remove one first.`);
    }
    const alert: PriceAlert = { ...input, id: this.newId(), createdAt: this.now() };
    this.write([...alerts, alert]);
    await this.rewatch();
    return this.state();
  }

  async remove(alertId: string): Promise<AlertsState> {
    const alerts = this.waiting();
    if (!alerts.some((a) => a.id === alertId)) throw new CoreError('not_found', 'That alert no longer exists: it fired or was removed.');
    this.write(alerts.filter((a) => a.id !== alertId));
    await this.rewatch();
    return this.state();
  }

  clearLog(): AlertsState {
    this.write(this.waiting(), []);
    return this.state();
  }

  /** Checks every waiting alert against these books; fires (once) those whose condition holds. */
  evaluate(books: readonly OrderBookView[]): FiredAlert[] {
    const alerts = this.waiting();
    if (alerts.length === 0 || books.length === 0) return [];
    const fired: FiredAlert[] = [];
    const firedIds = new Set<string>();
    const prefs = this.options.settings.get('displayPrefs');
    for (const alert of alerts) {
      for (const book of books) {
        const price = triggeringPrice(alert, book);
        if (price === null) continue;
        firedIds.add(alert.id);
        fired.push({ id: alert.id, kind: 'price', at: this.now(), tokenId: alert.tokenId, price, tickSize: alert.tickSize, ...describePriceAlert(alert, price, prefs) });
        break;
      }
    }
    if (fired.length === 0) return [];
    // Waiting list first, then the log: a crash between them loses a log line, never fires twice.
    this.writeFired(alerts.filter((a) => !firedIds.has(a.id)), fired);
    void this.rewatch();
    return fired;
  }

  /** A fill of the active account, when the user wants fill alerts. */
  onFill(fill: FillNotification): FiredAlert | null {
    const prefs = this.options.settings.get('displayPrefs');
    if (!prefs.fillAlerts) return null;
    const entry: FiredAlert = { id: `fill-${fill.id}`, kind: 'fill', at: this.now(), tokenId: fill.assetId, price: fill.price, tickSize: tickOfPrice(fill.price), ...describeFill(fill, prefs) };
    if (this.fullLog().some((e) => e.id === entry.id)) return null;
    this.writeFired(null, [entry]);
    return entry;
  }

  /** Routes the core's events: books to the price alerts, fills to fill alerts. */
  handleEvent<K extends EventName>(event: K, payload: EventPayload<K>): void {
    let fired: FiredAlert[] = [];
    if (event === 'orderBooksUpdated') fired = this.evaluate((payload as EventPayload<'orderBooksUpdated'>).books);
    if (event === 'orderFilled') {
      const entry = this.onFill(payload as EventPayload<'orderFilled'>);
      if (entry) fired = [entry];
    }
    for (const entry of fired) this.options.emit('alertFired', entry);
  }

  private async rewatch(): Promise<void> {
    const tokenIds = [...new Set(this.waiting().map((a) => a.tokenId))];
    try {
      const books = await this.options.books.watch(ALERTS_BOOK_CLIENT, tokenIds);
      // The first read can already satisfy an alert (and a book that never changes is never pushed).
      for (const entry of this.evaluate(books)) this.options.emit('alertFired', entry);
    } catch (error) {
      // The poll loop retries; the outage shows in the status bar.
      this.options.log.warn(`alert books could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** A tick that shows every digit the fill price has (at least cents). */
function tickOfPrice(price: string): string {
  const decimals = Math.min(6, Math.max(2, (price.split('.')[1] ?? '').length));
  return `0.${'0'.repeat(decimals - 1)}1`;
}
