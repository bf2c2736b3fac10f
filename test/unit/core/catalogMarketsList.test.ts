import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toEventDetail, toEventSummary, toMarketSummary } from '../../../src/main/core/catalog/catalogMapping';
import { sortEvents } from '../../../src/main/core/catalog/eventOrder';
import { leadingOutcome } from '../../../src/shared/leadingOutcome';
import { Watchlist, WATCHLIST_MAX } from '../../../src/main/core/catalog/watchlist';
import { openSettings } from '../../../src/main/core/settings/settingsStore';
import type { CatalogEventWire, CatalogMarketWire } from '../../../src/shared/protocol/catalog';
import type { EventSummary } from '../../../src/shared/viewModels';

const NOW = Date.UTC(2026, 10, 20);

function market(over: Partial<CatalogMarketWire> & { id: string }): CatalogMarketWire {
  return {
    question: `Question ${over.id}?`, conditionId: `0x${over.id}`, slug: `m-${over.id}`, outcomes: '["Yes","No"]',
    outcomePrices: '["0.5","0.5"]', clobTokenIds: `["${over.id}1","${over.id}2"]`, active: true, closed: false,
    acceptingOrders: true, enableOrderBook: true, orderPriceMinTickSize: 0.01, orderMinSize: 5, volume24hr: 1, liquidityNum: 1,
    ...over,
  };
}

function event(over: Partial<CatalogEventWire> & { id: string }): CatalogEventWire {
  return {
    ticker: 't', slug: `e-${over.id}`, title: `Event ${over.id}`, description: 'Resolves Yes if it happens.', resolutionSource: 'https://example.org',
    category: 'Politics', endDate: '2027-01-01T12:00:00.000Z', active: true, closed: false, negRisk: false, volume24hr: 1, liquidity: 1,
    markets: [market({ id: `${over.id}0` })], tags: [], ...over,
  };
}

describe('catalog fields for the Markets list', () => {
  it('passes volume, 24 h change, end date, rules and the winner of a resolved market through', () => {
    const open = toMarketSummary(market({ id: '1', volumeNum: 1234.5, oneDayPriceChange: -0.031, endDate: '2027-01-01T00:00:00Z', description: 'The rules.' }), NOW);
    expect(open).toMatchObject({ volume: 1234.5, oneDayPriceChange: -0.031, endDate: '2027-01-01T00:00:00Z', description: 'The rules.', ended: false, winner: null });
    const resolved = toMarketSummary(market({ id: '2', closed: true, acceptingOrders: false, outcomePrices: '["0","1"]', endDate: '2025-01-01T00:00:00Z' }), NOW);
    expect(resolved).toMatchObject({ winner: 'No', ended: false, closed: true });
    const past = toMarketSummary(market({ id: '3', endDate: '2026-11-01T00:00:00Z' }), NOW);
    expect(past.ended).toBe(true);
    // Odd types become neutral values, not exceptions.
    expect(toMarketSummary(market({ id: '4', oneDayPriceChange: 'x', volumeNum: null, endDate: 7 }), NOW)).toMatchObject({ oneDayPriceChange: 0, volume: 0, endDate: null, ended: false });
  });

  it('marks an event ended by its flag or its end date, never once resolved', () => {
    expect(toEventSummary(event({ id: '1', endDate: '2026-11-19T00:00:00Z' }), NOW).ended).toBe(true);
    expect(toEventSummary(event({ id: '2', ended: true }), NOW).ended).toBe(true);
    expect(toEventSummary(event({ id: '3' }), NOW).ended).toBe(false);
    expect(toEventSummary(event({ id: '4', closed: true, ended: true }), NOW).ended).toBe(false);
    expect(toEventDetail(event({ id: '5', creationDate: '2026-01-02T00:00:00Z', volume: 99 }), NOW)).toMatchObject({ createdAt: '2026-01-02T00:00:00Z', volume: 99 });
  });

  it('leads a one-market event with its likelier outcome and a multi-market event with its top open candidate', () => {
    const single = [toMarketSummary(market({ id: '1', outcomePrices: '["0.3","0.7"]', oneDayPriceChange: 0.05 }), NOW)];
    expect(leadingOutcome(single)).toEqual({ name: 'No', price: 0.7, change24h: -0.05 });
    const field = [
      toMarketSummary(market({ id: '1', groupItemTitle: 'Ada', outcomePrices: '["0.2","0.8"]', oneDayPriceChange: 0.01 }), NOW),
      toMarketSummary(market({ id: '2', groupItemTitle: 'Bo', outcomePrices: '["0.6","0.4"]', oneDayPriceChange: -0.02 }), NOW),
      toMarketSummary(market({ id: '3', groupItemTitle: 'Cy', outcomePrices: '["1","0"]', closed: true }), NOW),
    ];
    expect(leadingOutcome(field)).toEqual({ name: 'Bo', price: 0.6, change24h: -0.02 });
    expect(leadingOutcome([field[2]!, toMarketSummary(market({ id: '4', groupItemTitle: 'Di', outcomePrices: '["0","1"]', closed: true }), NOW)])).toMatchObject({ name: 'Cy', price: 1 });
    expect(leadingOutcome([])).toBeNull();
  });

  it('sorts by volume, liquidity, newest, ending soon and biggest 24 h move, ties in catalog order', () => {
    const e = (id: string, over: Partial<EventSummary>): EventSummary => ({ ...toEventSummary(event({ id }), NOW), ...over });
    const list = [
      e('a', { volume: 10, liquidity: 3, createdAt: '2026-01-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z', leading: { name: 'Yes', price: 0.5, change24h: 0.01 } }),
      e('b', { volume: 30, liquidity: 1, createdAt: '2026-03-01T00:00:00Z', endDate: '2026-11-25T00:00:00Z', leading: { name: 'Yes', price: 0.5, change24h: -0.2 } }),
      e('c', { volume: 20, liquidity: 3, createdAt: null, endDate: '2026-11-10T00:00:00Z', ended: true, leading: null }),
      e('d', { volume: 20, liquidity: 2, createdAt: '2026-02-01T00:00:00Z', endDate: '2027-06-01T00:00:00Z', leading: { name: 'Yes', price: 0.5, change24h: 0.05 } }),
    ];
    const ids = (sort: Parameters<typeof sortEvents>[1]) => sortEvents(list, sort, NOW).map((x) => x.id);
    expect(ids('volume')).toEqual(['b', 'c', 'd', 'a']);
    expect(ids('liquidity')).toEqual(['a', 'c', 'd', 'b']);
    expect(ids('newest')).toEqual(['b', 'd', 'a', 'c']);
    expect(ids('endingSoon')).toEqual(['b', 'a', 'd', 'c']);
    expect(ids('change')).toEqual(['b', 'd', 'a', 'c']);
    expect(ids('volume24hr')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('watchlist in the settings file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('adds and removes event ids, keeps them across a reopen of the file, and refuses past the cap', () => {
    const dir = mkdtempSync(join(tmpdir(), 'watchlist-'));
    dirs.push(dir);
    const list = new Watchlist(openSettings(dir));
    expect(list.ids()).toEqual([]);
    expect(list.set('21001', true)).toEqual(['21001']);
    expect(list.set('21002', true)).toEqual(['21001', '21002']);
    expect(list.set('21001', true)).toEqual(['21001', '21002']);
    expect(list.set('21001', false)).toEqual(['21002']);
    const reopened = openSettings(dir);
    expect(new Watchlist(reopened).ids()).toEqual(['21002']);
    // Stored under the network id (the sandbox's by default).
    expect(reopened.get('watchlists')).toEqual({ sandbox: ['21002'] });
    expect(new Watchlist(reopened, () => 'other').ids()).toEqual([]);
    reopened.set('watchlists', { sandbox: Array.from({ length: WATCHLIST_MAX }, (_, i) => String(i)) });
    expect(() => new Watchlist(reopened).set('extra', true)).toThrow(/at most 500 events/);
    // A hand-edited file with odd entries shows only ids a catalog could have.
    reopened.set('watchlists', { sandbox: ['ok-1', '<b>', 'ok-1', 7 as unknown as string] });
    expect(new Watchlist(reopened).ids()).toEqual(['ok-1']);
  });
});
