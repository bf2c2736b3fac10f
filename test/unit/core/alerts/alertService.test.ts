/**
 * Price alerts in main: an alert fires exactly once when its price is crossed (then it is gone
 * from the waiting list and in the log), both lists survive a restart of the settings store,
 * bad files read back as empty rather than as malformed alerts, and fill alerts follow the
 * preference. The settings store is the real one, on a temp folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertService, type AlertBooks } from '../../../../src/main/core/alerts/alertService';
import { formatSentence, withFormatPrefs } from '../../../../src/shared/displayFormat';
import { silentLogger } from '../../../../src/main/core/log';
import { openSettings } from '../../../../src/main/core/settings/settingsStore';
import type { FiredAlert, PriceAlertInput } from '../../../../src/shared/prefs';
import type { OrderBookView } from '../../../../src/shared/viewModels';

const TOKEN = '1234567890';
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-alerts-'));
  folders.push(dir);
  return dir;
}

function book(midpoint: string | null, lastTradePrice: string | null = null): OrderBookView {
  return { tokenId: TOKEN, market: '0xm', timestamp: 1, hash: `${midpoint}-${lastTradePrice}`, bids: [], asks: [], bestBid: null, bestAsk: null, spread: null, midpoint, lastTradePrice, tickSize: '0.01', minOrderSize: '5', negRisk: false };
}

/** Books as the BookWatcher would hand them: whatever the test says the market is at now. */
function booksAt(current: { book: OrderBookView | null }): AlertBooks & { watched: string[][] } {
  const watched: string[][] = [];
  return {
    watched,
    watch: async (_client, tokenIds) => {
      watched.push([...tokenIds]);
      return current.book && tokenIds.includes(TOKEN) ? [current.book] : [];
    },
  };
}

const ABOVE_55: PriceAlertInput = { tokenId: TOKEN, question: 'Will it rain?', outcome: 'Yes', direction: 'above', source: 'mid', price: '0.55', tickSize: '0.01' };

function serviceOn(dir: string, current: { book: OrderBookView | null }, fired: FiredAlert[], settings = openSettings(dir)) {
  let clock = 1_000;
  let ids = 0;
  const books = booksAt(current);
  const service = new AlertService({
    settings,
    networkId: 'sandbox',
    books,
    emit: (event, payload) => {
      if (event === 'alertFired') fired.push(payload as FiredAlert);
    },
    log: silentLogger,
    now: () => (clock += 1_000),
    newId: () => `alert-${++ids}`,
  });
  return { service, books };
}

describe('price alerts', () => {
  it('fire once when the mid crosses the price, then leave the waiting list for the log', async () => {
    const fired: FiredAlert[] = [];
    const current = { book: book('0.50') as OrderBookView | null };
    const { service, books } = serviceOn(freshFolder(), current, fired);
    await service.create(ABOVE_55);
    expect(fired).toEqual([]);
    expect(books.watched.at(-1)).toEqual([TOKEN]);

    for (const mid of ['0.52', '0.549', null]) service.handleEvent('orderBooksUpdated', { books: [book(mid)] });
    expect(fired).toEqual([]);
    service.handleEvent('orderBooksUpdated', { books: [book('0.55')] });
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ id: 'alert-1', kind: 'price', price: '0.55', tokenId: TOKEN });
    expect(fired[0]!.body).toBe('Mid price 0.55 is at or above your alert at 0.55.');

    // Back down and up again: one-shot, it does not fire a second time.
    for (const mid of ['0.40', '0.60', '0.70']) service.handleEvent('orderBooksUpdated', { books: [book(mid)] });
    expect(fired).toHaveLength(1);
    expect(service.state().alerts).toEqual([]);
    expect(service.state().log.map((e) => e.id)).toEqual(['alert-1']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(books.watched.at(-1)).toEqual([]);
  });

  it('watch the last trade, below, and ignore other outcomes and other sources', async () => {
    const fired: FiredAlert[] = [];
    const { service } = serviceOn(freshFolder(), { book: null }, fired);
    await service.create({ ...ABOVE_55, direction: 'below', source: 'last', price: '0.3' });
    service.handleEvent('orderBooksUpdated', { books: [book('0.10', '0.31'), { ...book('0.10', '0.10'), tokenId: '99' }] });
    expect(fired).toEqual([]);
    service.handleEvent('orderBooksUpdated', { books: [book('0.90', '0.30')] });
    expect(fired.map((e) => e.body)).toEqual(['Last trade 0.30 is at or below your alert at 0.30.']);
  });

  it('fires at once when the first read of the book already meets it (a book that never changes is never pushed)', async () => {
    const fired: FiredAlert[] = [];
    const { service } = serviceOn(freshFolder(), { book: book('0.60') }, fired);
    await service.create(ABOVE_55);
    expect(fired).toHaveLength(1);
    expect(service.state().alerts).toEqual([]);
  });

  it('survive a restart: waiting alerts and the log are read back from the settings store and watched again', async () => {
    const dir = freshFolder();
    const firstRun: FiredAlert[] = [];
    const first = serviceOn(dir, { book: book('0.50') }, firstRun);
    await first.service.create(ABOVE_55);
    await first.service.create({ ...ABOVE_55, direction: 'below', price: '0.2' });
    first.service.handleEvent('orderBooksUpdated', { books: [book('0.15')] });
    expect(firstRun.map((e) => e.id)).toEqual(['alert-2']);

    const secondRun: FiredAlert[] = [];
    const current = { book: book('0.50') as OrderBookView | null };
    const second = serviceOn(dir, current, secondRun);
    expect(second.service.state().alerts.map((a) => a.id)).toEqual(['alert-1']);
    expect(second.service.state().log.map((e) => e.id)).toEqual(['alert-2']);
    await second.service.start();
    expect(second.books.watched).toEqual([[TOKEN]]);
    second.service.handleEvent('orderBooksUpdated', { books: [book('0.56')] });
    expect(secondRun.map((e) => e.id)).toEqual(['alert-1']);
    expect(second.service.state().log.map((e) => e.id)).toEqual(['alert-1', 'alert-2']);
  });

  it('read a hand-broken alerts file back as nothing rather than as malformed alerts', () => {
    const dir = freshFolder();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ priceAlerts: [{ tokenId: 'x', price: 'lots' }], alertLog: 'no', displayPrefs: { theme: 'pink' } }));
    const settings = openSettings(dir);
    expect(settings.get('priceAlerts')).toEqual([]);
    expect(settings.get('alertLog')).toEqual([]);
    expect(settings.get('displayPrefs').theme).toBe('system');
  });

  it('removing an alert that is gone says so', async () => {
    const { service } = serviceOn(freshFolder(), { book: null }, []);
    await service.create(ABOVE_55);
    await service.remove('alert-1');
    await expect(service.remove('alert-1')).rejects.toThrow('That alert no longer exists');
  });
});

describe('fill alerts', () => {
  const fill = { id: 'trade-1', orderId: 'o1', market: '0xm', assetId: TOKEN, side: 'BUY' as const, size: '12.5', price: '0.415', outcome: 'Yes', at: 5, question: 'Will it rain?', tickSize: '0.001' };

  it('log each fill once, in the chosen price style, and stay quiet when turned off', () => {
    const dir = freshFolder();
    const fired: FiredAlert[] = [];
    const settings = openSettings(dir);
    const { service } = serviceOn(dir, { book: null }, fired, settings);
    settings.set('displayPrefs', { ...settings.get('displayPrefs'), priceStyle: 'cents' });
    service.handleEvent('orderFilled', fill);
    service.handleEvent('orderFilled', fill);
    expect(fired.map((e) => e.body)).toEqual(['Bought 12.50 shares at 41.5¢.']);
    // The notification reads as the page shows the same figures: one format layer for both.
    expect(withFormatPrefs(settings.get('displayPrefs'), () => formatSentence(fired[0]!.bodyParts ?? []))).toBe(fired[0]!.body);
    settings.set('displayPrefs', { ...settings.get('displayPrefs'), fillAlerts: false });
    service.handleEvent('orderFilled', { ...fill, id: 'trade-2' });
    expect(fired).toHaveLength(1);
    expect(service.state().log.map((e) => e.id)).toEqual(['fill-trade-1']);
  });
});
