/**
 * The channels behind the views added for every analytics route, through the real core against
 * the sandbox: a catalog market's open interest, holders and trades; the board categories (every
 * one ranked by the service, no catalog tag among them) and a refused one said plainly; the
 * traders leaderboard; combo positions of an address and of all accounts; combo activity by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_HISTORY_WALLETS } from '../../../src/sandbox/start';
import type {
  BoardCategoryView, ComboPositionsView, MarketTradeView, OpenInterestView, OutcomeHoldersView, TraderRankView,
} from '../../../src/shared/marketDataViews';
import type { BoardPage, ComboActivityView, WinnerView } from '../../../src/shared/portfolioViews';
import type { CatalogTag, EventDetail, EventsPage } from '../../../src/shared/viewModels';
import { callOk, startHarness, type Harness } from './coreHarness';

let harness: Harness;
const small = SANDBOX_HISTORY_WALLETS.small.address;
const tiny = SANDBOX_HISTORY_WALLETS.tiny.address;
const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const refusal = async (channel: string, input: unknown) => {
  const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
  if (result.ok) throw new Error(`${channel} was not refused`);
  return result.error;
};

beforeAll(async () => {
  harness = await startHarness({ simulate: false });
});
afterAll(async () => {
  await harness?.stop();
});

describe('a catalog market', () => {
  it('has its open interest, the top holders of each outcome and its trades, page by page', async () => {
    const events = await call<EventsPage>('searchCatalogEvents', {});
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: events.events[0]!.id });
    const market = detail.markets[0]!;
    const oi = await call<OpenInterestView | null>('getMarketOpenInterest', { conditionId: market.conditionId });
    expect(oi).toMatchObject({ conditionId: market.conditionId, shares: expect.stringMatching(/^\d+(\.\d+)?$/) });
    let largest = 0;
    for (const outcome of market.outcomes) {
      const list = await call<OutcomeHoldersView>('listOutcomeHolders', { tokenId: outcome.tokenId, limit: 100 });
      expect(list.tokenId).toBe(outcome.tokenId);
      expect(list.holders.map((h) => h.rank)).toEqual(list.holders.map((_, i) => i + 1));
      largest = Math.max(largest, list.holders.reduce((sum, h) => sum + Number(h.shares), 0));
    }
    // Open interest is what the side held most adds up to (every holder listed: fewer than 100).
    expect(Number(oi!.shares)).toBeCloseTo(largest, 2);

    const first = await call<BoardPage<MarketTradeView>>('listMarketTrades', { conditionId: market.conditionId, limit: 20 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows.every((r) => market.outcomes.some((o) => o.tokenId === r.tokenId))).toBe(true);
    const next = await call<BoardPage<MarketTradeView>>('listMarketTrades', { conditionId: market.conditionId, cursor: first.nextCursor, limit: 20 });
    expect(next.rows[0]!.timestamp).toBeLessThanOrEqual(first.rows.at(-1)!.timestamp);
    expect(next.rows.some((r) => first.rows.some((f) => f.key === r.key))).toBe(false);
  });

  it('a malformed condition id or token id is refused before any request', async () => {
    expect((await refusal('getMarketOpenInterest', { conditionId: '0x12' })).code).toBe('invalid_input');
    expect((await refusal('listOutcomeHolders', { tokenId: 'abc' })).code).toBe('invalid_input');
    expect((await refusal('listMarketTrades', { conditionId: `0x${'a'.repeat(64)}`, limit: 5000 })).code).toBe('invalid_input');
  });
});

describe('the boards', () => {
  it('offers the categories the service ranks, and no catalog tag that is not one', async () => {
    const categories = await call<BoardCategoryView[]>('listBoardCategories');
    expect(categories.slice(0, 3).map((c) => c.slug)).toEqual(['overall', 'combos', 'esports']);
    const fromCatalog = categories.filter((c) => c.source === 'catalog').map((c) => c.slug);
    expect(fromCatalog.length).toBeGreaterThan(3);
    // Each is answered (callOk throws on a refusal); a category may have no winner in the period.
    let rows = 0;
    for (const category of categories) rows += (await call<BoardPage<WinnerView>>('listBiggestWinners', { period: 'all', category: category.slug, limit: 5 })).rows.length;
    expect(rows).toBeGreaterThan(categories.length);
    const tags = (await call<CatalogTag[]>('listCatalogTags')).map((t) => t.slug);
    const notCategories = tags.filter((slug) => !fromCatalog.includes(slug));
    expect(notCategories).toContain('bitcoin');
    expect(categories.map((c) => c.slug)).not.toContain('bitcoin');
  });

  it('a category the service refuses is said plainly, with the service’s trace id', async () => {
    const error = await refusal('listBiggestWinners', { period: 'week', category: 'bitcoin' });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('The analytics service does not rank winners in the category “bitcoin”. Choose another category.');
    expect(error.traceId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('ranks traders by P&L or by volume', async () => {
    const byVolume = await call<BoardPage<TraderRankView>>('listTraderLeaderboard', { period: 'month', orderBy: 'volume', limit: 10 });
    for (let i = 1; i < byVolume.rows.length; i += 1) expect(Number(byVolume.rows[i - 1]!.volume)).toBeGreaterThanOrEqual(Number(byVolume.rows[i]!.volume));
    const byPnl = await call<BoardPage<TraderRankView>>('listTraderLeaderboard', { period: 'month', limit: 10 });
    for (let i = 1; i < byPnl.rows.length; i += 1) expect(Number(byPnl.rows[i - 1]!.pnl)).toBeGreaterThanOrEqual(Number(byPnl.rows[i]!.pnl));
    expect((await refusal('listTraderLeaderboard', { orderBy: 'luck' })).code).toBe('invalid_input');
  });
});

describe('combos', () => {
  it('combo positions of an address, and of all accounts (each wallet once, newest change first)', async () => {
    const one = await call<ComboPositionsView>('listComboPositions', { target: { kind: 'address', address: small } });
    expect(one.complete).toBe(true);
    expect(one.rows.length).toBe(SANDBOX_HISTORY_WALLETS.small.comboRows / 4);
    const open = await call<ComboPositionsView>('listComboPositions', { target: { kind: 'address', address: small }, status: 'open' });
    expect(open.rows.every((r) => r.status === 'open')).toBe(true);
    expect((await refusal('listComboPositions', { target: { kind: 'all' } })).code).toBe('not_found');
    await call('addWatchOnlyAccount', { label: 'Small', address: small });
    await call('addWatchOnlyAccount', { label: 'Tiny', address: tiny });
    const all = await call<ComboPositionsView>('listComboPositions', { target: { kind: 'all' } });
    expect(all.rows.length).toBe((SANDBOX_HISTORY_WALLETS.small.comboRows + SANDBOX_HISTORY_WALLETS.tiny.comboRows) / 4);
    for (let i = 1; i < all.rows.length; i += 1) expect(all.rows[i - 1]!.updatedAt).toBeGreaterThanOrEqual(all.rows[i]!.updatedAt);
  });

  it('combo activity by combo id lists those combos only; more than 20 ids are refused with the reason', async () => {
    const { rows } = await call<ComboPositionsView>('listComboPositions', { target: { kind: 'address', address: small } });
    const id = rows[0]!.comboConditionId;
    const page = await call<BoardPage<ComboActivityView>>('listComboActivity', { address: small, conditionIds: [id] });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.comboConditionId === id)).toBe(true);
    const many = Array.from({ length: 21 }, (_, i) => `0x${(i + 1).toString(16).padStart(64, '0')}`);
    const error = await refusal('listComboActivity', { address: small, conditionIds: many });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('at most 20 combos can be filtered at once');
  });
});
