/**
 * The per-account tables (open orders, fills, trades) in the renderer's own stores, driven by the
 * real core and sandbox: they never show a previous account's rows (issue 11, defect 2), and a
 * locked vault keeps the last read on screen instead of dropping it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PlacedOrder } from '../../../src/shared/tradingViews';
import type { EventDetail, EventsPage, OrderBookView } from '../../../src/shared/viewModels';
import { callOk, startHarness, waitFor, type Harness } from '../core/coreHarness';
import { installBridge } from './storesOverCore';

const PASSWORD = 'account tables password';
const WATCHED = '0x52908400098527886E0F7030069857D2E4169EE7';
let harness: Harness;
let stores: Awaited<ReturnType<typeof loadStores>>;
let unwire: () => void = () => undefined;
const ids = { trader: '', watched: '', bare: '' };

async function loadStores() {
  const [accounts, vault, fills, orders, trades, subscriptions] = await Promise.all([
    import('../../../src/renderer/stores/accountsStore'),
    import('../../../src/renderer/stores/vaultStore'),
    import('../../../src/renderer/stores/fillsStore'),
    import('../../../src/renderer/stores/openOrdersStore'),
    import('../../../src/renderer/stores/accountTradesStore'),
    import('../../../src/renderer/bridge/subscriptions'),
  ]);
  return { accounts: accounts.useAccountsStore, vault: vault.useVaultStore, fills: fills.useFillsStore, orders: orders.useOpenOrdersStore, trades: trades.useAccountTradesStore, wire: subscriptions.wireBridgeSubscriptions };
}

const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
const switchTo = async (accountId: string) => expect(await stores.accounts.getState().switchTo(accountId)).toBe(true);

async function tradableBook(): Promise<OrderBookView> {
  const events = await call<EventsPage>('searchCatalogEvents', {});
  for (const event of events.events) {
    const detail = await call<EventDetail>('getCatalogEvent', { eventId: event.id });
    for (const market of detail.markets.filter((m) => m.active && !m.closed && m.acceptingOrders && m.tickSize === '0.01')) {
      const watched = await call<{ books: OrderBookView[] }>('watchOrderBooks', { tokenIds: [market.outcomes[0]!.tokenId] });
      const book = watched.books[0]!;
      if (book.bestAsk && book.bestBid && Number(book.bestBid) > 0.05) return book;
    }
  }
  throw new Error('no two-sided 0.01 market in the sandbox');
}

beforeAll(async () => {
  harness = await startHarness({ activityPollMs: 200, simulate: false });
  installBridge(harness);
  stores = await loadStores();
  unwire = stores.wire();
  await stores.vault.getState().load();
  await call('createVault', { password: PASSWORD });
  const created = await call<AccountsState>('createAccount', { label: 'Trader' });
  ids.trader = created.accounts[0]!.id;
  await call('createClobCredentials', {});
  await call('requestSandboxFunds', { amount: '500' });
  ids.watched = (await call<AccountsState>('addWatchOnlyAccount', { label: 'Watched', address: WATCHED })).accounts.at(-1)!.id;
  ids.bare = (await call<AccountsState>('createAccount', { label: 'No credentials' })).accounts.at(-1)!.id;
  await call('switchAccount', { accountId: ids.trader });
  await waitFor(() => stores.accounts.getState().activeAccountId === ids.trader && stores.vault.getState().vault?.unlocked);

  // One fill (a taker BUY at the ask) and one resting order, so every table has a row.
  const book = await tradableBook();
  const bought = await call<PlacedOrder>('placeOrder', { ticket: { tokenId: book.tokenId, side: 'BUY', orderType: 'FAK', price: book.bestAsk, size: '5' } });
  expect(bought.success).toBe(true);
  const resting = await call<PlacedOrder>('placeOrder', { ticket: { tokenId: book.tokenId, side: 'BUY', orderType: 'GTC', price: '0.02', size: '10' } });
  expect(resting.success).toBe(true);
  await waitFor(() => stores.fills.getState().fills.length > 0 && stores.orders.getState().orders.length > 0);
  await stores.trades.getState().load();
  expect(stores.trades.getState().trades.length).toBeGreaterThan(0);
}, 90_000);

afterAll(async () => {
  unwire();
  await harness?.stop();
});

const tables = () => ({
  fills: stores.fills.getState().fills.length,
  orders: stores.orders.getState().orders.length,
  trades: stores.trades.getState().trades.length,
});

describe('per-account tables follow the active account', () => {
  it('a switch to a watch-only account empties fills, open orders and trades at once', async () => {
    await switchTo(ids.watched);
    expect(tables()).toEqual({ fills: 0, orders: 0, trades: 0 });
    // And they stay empty: nothing of the trader's comes back while the watch-only account is active.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(tables()).toEqual({ fills: 0, orders: 0, trades: 0 });
  });

  it('switching back reads the trader\'s own rows again', async () => {
    await switchTo(ids.trader);
    await waitFor(() => stores.fills.getState().fills.length > 0 && stores.orders.getState().orders.length > 0);
    expect(stores.fills.getState().accountId).toBe(ids.trader);
  });

  it('an account without order-book credentials shows no fills either', async () => {
    await switchTo(ids.bare);
    expect(tables()).toEqual({ fills: 0, orders: 0, trades: 0 });
    await stores.fills.getState().load();
    expect(stores.fills.getState().fills).toEqual([]);
    await switchTo(ids.trader);
    await waitFor(() => stores.fills.getState().fills.length > 0 && stores.orders.getState().orders.length > 0);
  });

  it('a locked vault keeps the trader\'s last read, with its time; a switch while locked empties it', async () => {
    await stores.trades.getState().load();
    const before = tables();
    await call('lockVault');
    await waitFor(() => stores.vault.getState().vault?.unlocked === false);
    // Whatever asks for a reload while locked, the last read stays and is not read again.
    await Promise.all([stores.fills.getState().load(), stores.orders.getState().load(), stores.trades.getState().load()]);
    expect(tables()).toEqual(before);
    expect(stores.orders.getState().accountId).toBe(ids.trader);
    expect(stores.orders.getState().loadedAt).toBeGreaterThan(0);
    expect(stores.fills.getState().loadedAt).toBeGreaterThan(0);

    await switchTo(ids.watched);
    expect(tables()).toEqual({ fills: 0, orders: 0, trades: 0 });
  });
});
