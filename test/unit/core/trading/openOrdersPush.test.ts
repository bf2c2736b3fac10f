/** OpenOrdersPush: an order known from its answer is pushed named, at once; the same list is never pushed twice. */
import { describe, expect, it } from 'vitest';
import type { StoredAccount } from '../../../../src/main/core/accounts/accountRegistry';
import { OpenOrdersPush } from '../../../../src/main/core/trading/openOrdersPush';
import type { MarketLabel, OpenOrderView } from '../../../../src/shared/tradingViews';

const account = { id: 'acct-1' } as StoredAccount;

const order = (id: string, over: Partial<OpenOrderView> = {}): OpenOrderView => ({
  id,
  status: 'LIVE',
  market: 'cond-1',
  assetId: 'tok-1',
  side: 'BUY',
  originalSize: '5',
  sizeMatched: '0',
  price: '0.45',
  outcome: 'Yes',
  orderType: 'GTC',
  createdAt: 1_700_000_000_000,
  expiration: 0,
  question: 'Will it rain?',
  tickSize: '0.01',
  ...over,
});

/** An order as main knows it from the exchange's answer only (risk/knownOpenOrders.ts). */
const answered = (id: string) => order(id, { market: '', outcome: '', question: '', tickSize: '' });

function pushWith(known: () => OpenOrderView[] | null, labels: Map<string, MarketLabel>) {
  const pushed: OpenOrderView[][] = [];
  const lookups: string[] = [];
  const push = new OpenOrdersPush({
    known,
    tokenMarket: async (tokenId) => {
      lookups.push(tokenId);
      return tokenId === 'tok-2' ? { conditionId: 'cond-2', outcome: 'No' } : null;
    },
    label: async (rows) => rows.map((r) => ({ ...r, ...(labels.get(r.market) ?? {}) })),
    labelKnown: (rows) => (rows.every((r) => labels.has(r.market)) ? rows.map((r) => ({ ...r, ...labels.get(r.market)! })) : null),
    emit: (_account, orders) => pushed.push(orders),
  });
  return { push, pushed, lookups };
}

describe('OpenOrdersPush', () => {
  it('pushes an answered order on a token the last read named synchronously, with its market, outcome and question', () => {
    let known: OpenOrderView[] = [order('o1')];
    const { push, pushed, lookups } = pushWith(() => known, new Map([['cond-1', { question: 'Will it rain?', tickSize: '0.01' }]]));
    void push.update(account);
    known = [order('o1'), answered('o2')];
    void push.update(account);
    expect(pushed).toHaveLength(2);
    expect(pushed[1]!.find((o) => o.id === 'o2')).toMatchObject({ market: 'cond-1', outcome: 'Yes', question: 'Will it rain?', tickSize: '0.01' });
    expect(lookups).toEqual([]);
  });

  it('looks an unknown token up in the catalog, then pushes it named', async () => {
    const { push, pushed, lookups } = pushWith(() => [answered('o9')].map((o) => ({ ...o, assetId: 'tok-2' })), new Map([['cond-2', { question: 'Snow?', tickSize: '0.001' }]]));
    await push.update(account);
    expect(lookups).toEqual(['tok-2']);
    expect(pushed).toEqual([[expect.objectContaining({ id: 'o9', market: 'cond-2', outcome: 'No', question: 'Snow?', tickSize: '0.001' })]]);
  });

  it('does not push the exchange’s own row of an order already pushed from its answer (same figures, other spelling)', () => {
    let known: OpenOrderView[] = [order('o1', { price: '0.45', originalSize: '5' })];
    const { push, pushed } = pushWith(() => known, new Map([['cond-1', { question: 'Will it rain?', tickSize: '0.01' }]]));
    void push.update(account);
    known = [order('o1', { price: '0.450', originalSize: '5.00', createdAt: 1_700_000_000_400 })];
    void push.update(account);
    expect(pushed).toHaveLength(1);
    known = [order('o1', { sizeMatched: '2' })];
    void push.update(account);
    expect(pushed).toHaveLength(2);
    expect(pushed[1]![0]!.sizeMatched).toBe('2');
  });

  it('pushes nothing before the account’s first read', async () => {
    const { push, pushed } = pushWith(() => null, new Map());
    await push.update(account);
    expect(pushed).toEqual([]);
  });
});
