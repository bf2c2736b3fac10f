/**
 * The branches of amend the sandbox cannot be made to produce on demand: an order the exchange
 * will not cancel (filled in between), and the tie between the funds check's wording and the one
 * problem amend leaves for after the cancel.
 */
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../src/main/core/coreError';
import { amendOrder, isFundsProblem, type AmendPorts } from '../../src/main/core/trading/orderAmend';
import { ticketProblems } from '../../src/main/core/trading/ticketChecks';
import type { OpenOrderView, OrderTicket } from '../../src/shared/tradingViews';
import { words } from '../../src/shared/sentence';

const ORDER: OpenOrderView = {
  id: `0x${'ab'.repeat(32)}`,
  status: 'LIVE',
  market: '0xmarket',
  question: '',
  tickSize: '',
  assetId: '123',
  side: 'SELL',
  originalSize: '10',
  sizeMatched: '4',
  price: '0.6',
  outcome: 'Yes',
  orderType: 'GTC',
  createdAt: 1,
  expiration: 0,
};

function ports(overrides: Partial<AmendPorts>, placed: OrderTicket[]): AmendPorts {
  return {
    readOrder: async () => ORDER,
    problems: async () => [],
    confirm: async () => {},
    cancel: async () => ({ canceled: [ORDER.id], notCanceled: {} }),
    place: async (ticket) => {
      placed.push(ticket);
      return { ticket, success: true, orderId: '0xnew', status: 'live', message: '', makingAmount: '', takingAmount: '', tradeIds: [], resubmittable: false };
    },
    ...overrides,
  };
}

describe('amendOrder', () => {
  it('asks main before the cancel: a "no" leaves the working order as it was', async () => {
    const placed: OrderTicket[] = [];
    const cancels: string[] = [];
    const declined = ports(
      {
        confirm: async () => {
          throw new CoreError('not_confirmed', 'You declined it. Nothing was signed or sent.');
        },
        cancel: async (orderId) => {
          cancels.push(orderId);
          return { canceled: [orderId], notCanceled: {} };
        },
      },
      placed,
    );
    await expect(amendOrder(declined, { orderId: ORDER.id, price: '0.61' })).rejects.toMatchObject({ code: 'not_confirmed' });
    expect(cancels).toEqual([]);
    expect(placed).toEqual([]);
  });

  it('places nothing when the exchange does not cancel the old order, and says why', async () => {
    const placed: OrderTicket[] = [];
    const result = await amendOrder(ports({ cancel: async () => ({ canceled: [], notCanceled: { [ORDER.id]: 'order already matched' } }) }, placed), { orderId: ORDER.id, price: '0.61' });
    expect(result).toMatchObject({ state: 'not-cancelled', cancel: { canceled: false, reason: 'order already matched' }, placed: null });
    expect(result.message).toMatch(/was not changed: the exchange did not cancel it \(order already matched\), so no replacement was placed/);
    expect(placed).toEqual([]);
  });

  it('re-sizes a price-only amend to what was still open at the cancel', async () => {
    const placed: OrderTicket[] = [];
    let reads = 0;
    const readOrder = async () => (reads++ === 0 ? ORDER : { ...ORDER, status: 'CANCELED', sizeMatched: '7' });
    const result = await amendOrder(ports({ readOrder }, placed), { orderId: ORDER.id, price: '0.61' });
    expect(result.state).toBe('amended');
    expect(placed).toEqual([{ tokenId: '123', side: 'SELL', orderType: 'GTC', price: '0.61', size: '3' }]);
  });

  it('leaves only a shortage of funds for after the cancel, as the ticket checks word it', () => {
    const context = { tickSize: '0.01', minOrderSize: '5', mode: { mode: 'normal', retryAt: null, modeMessage: null, closedOnly: false, banned: false } as never, now: 0 };
    const buy = ticketProblems({ tokenId: '1', side: 'BUY', orderType: 'GTC', price: '0.5', size: '100' }, { ...context, shares: '100', notional: '50', available: '1' });
    const sell = ticketProblems({ tokenId: '1', side: 'SELL', orderType: 'GTC', price: '0.5', size: '100' }, { ...context, shares: '100', notional: '50', available: '1' });
    expect(buy.filter(isFundsProblem)).toHaveLength(1);
    expect(sell.filter(isFundsProblem)).toHaveLength(1);
    expect(isFundsProblem(words('The price must be a multiple of the tick size 0.01.'))).toBe(false);
  });
});

describe('amend keeps the order\'s own post-only flag', () => {
  it('keeps a post-only order post-only and a plain GTC plain when the request does not say', async () => {
    const placed: OrderTicket[] = [];
    await amendOrder(ports({ readOrder: async () => ({ ...ORDER, postOnly: true }) }, placed), { orderId: ORDER.id, price: '0.61' });
    await amendOrder(ports({ readOrder: async () => ({ ...ORDER, postOnly: false }) }, placed), { orderId: ORDER.id, price: '0.62' });
    expect(placed.map((t) => t.postOnly === true)).toEqual([true, false]);
  });

  it('takes the flag main remembers when the row does not carry it, and an explicit change over both', async () => {
    const placed: OrderTicket[] = [];
    const result = await amendOrder(ports({ postOnlyOf: () => true }, placed), { orderId: ORDER.id, size: '5' });
    expect(result.previous.postOnly).toBe(true);
    expect(result.replacement.postOnly).toBe(true);
    await amendOrder(ports({ postOnlyOf: () => true }, placed), { orderId: ORDER.id, size: '5', postOnly: false });
    expect(placed.map((t) => t.postOnly === true)).toEqual([true, false]);
  });

  it('a flag not known reads as not post-only; only the flag changing is a change', async () => {
    const placed: OrderTicket[] = [];
    await expect(amendOrder(ports({}, placed), { orderId: ORDER.id, price: '0.6', postOnly: false })).rejects.toThrow(/Nothing to change/);
    const result = await amendOrder(ports({}, placed), { orderId: ORDER.id, price: '0.6', postOnly: true });
    expect(result.replacement).toMatchObject({ price: '0.6', size: '6', postOnly: true });
  });
});
