import { describe, expect, it } from 'vitest';
import { CoreError } from '../../../src/main/core/coreError';
import { ExchangeModeTracker } from '../../../src/main/core/trading/exchangeModeTracker';
import { estimateFill } from '../../../src/main/core/trading/fillEstimate';
import { retryWhileRestarting } from '../../../src/main/core/trading/restartBackoff';
import { ticketProblems, type TicketContext } from '../../../src/main/core/trading/ticketChecks';
import type { OrderTicket } from '../../../src/shared/tradingViews';

const serviceError = (status: number, message: string, extra: { code?: string; retryAfterSeconds?: number } = {}) =>
  new CoreError('service_error', `refused: ${message}`, { status, service: { message, ...extra } });

describe('exchange mode tracker', () => {
  it('learns each mode from the answers of the exchange', () => {
    let now = 1_000;
    let changes = 0;
    const modes = new ExchangeModeTracker(() => changes++, () => now);
    modes.recordFailure('0xA', serviceError(503, 'Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.'));
    expect(modes.snapshot(null).mode).toBe('cancel-only');
    modes.recordFailure('0xA', serviceError(503, 'Trading is currently disabled. Check the service site for updates'));
    expect(modes.snapshot(null).mode).toBe('trading-disabled');
    modes.recordFailure('0xA', serviceError(503, 'post-only mode: only post-only orders and cancels are allowed', { code: 'post_only_mode', retryAfterSeconds: 30 }));
    expect(modes.snapshot(null)).toMatchObject({ mode: 'post-only', retryAt: 31_000 });
    now = 31_000;
    expect(modes.snapshot(null).mode).toBe('normal');
    modes.recordFailure('0xA', serviceError(425, 'restarting'));
    expect(modes.snapshot(null).mode).toBe('restarting');
    modes.recordOrdersAccepted(false);
    expect(modes.snapshot(null).mode).toBe('normal');
    modes.recordFailure('0xA', serviceError(503, 'post-only mode: only post-only orders and cancels are allowed', { code: 'post_only_mode' }));
    modes.recordOrdersAccepted(true);
    expect(modes.snapshot(null).mode).toBe('post-only');
    expect(changes).toBeGreaterThanOrEqual(5);
  });

  it('keeps closed-only and banned per address', () => {
    const modes = new ExchangeModeTracker(() => {});
    modes.recordFailure('0xAbC', serviceError(400, "'0xabc' address in closed only mode"));
    modes.recordFailure('0xDeF', serviceError(400, "'0xdef' address banned"));
    expect(modes.snapshot('0xabc')).toMatchObject({ closedOnly: true, banned: false });
    expect(modes.snapshot('0xdef')).toMatchObject({ closedOnly: false, banned: true });
    expect(modes.snapshot('0x123')).toMatchObject({ closedOnly: false, banned: false });
  });
});

describe('fill estimate', () => {
  const asks = [
    { price: '0.52', size: '10' },
    { price: '0.53', size: '20' },
    { price: '0.60', size: '100' },
  ];

  it('walks the book up to the limit price', () => {
    expect(estimateFill('BUY', '0.53', asks, { shares: '25' })).toEqual({ fillableShares: '25', averagePrice: '0.526', worstPrice: '0.53', crossesBook: true });
    expect(estimateFill('BUY', '0.53', asks, { shares: '100' })).toMatchObject({ fillableShares: '30', worstPrice: '0.53' });
    expect(estimateFill('BUY', '0.51', asks, { shares: '5' })).toEqual({ fillableShares: '0', averagePrice: null, worstPrice: null, crossesBook: false });
  });

  it('spends a USD budget for a market BUY', () => {
    expect(estimateFill('BUY', '0.99', asks, { budgetUsd: '5.2' })).toMatchObject({ fillableShares: '10', averagePrice: '0.52' });
  });

  it('walks bids downwards for a SELL', () => {
    const bids = [{ price: '0.5', size: '10' }, { price: '0.49', size: '10' }];
    expect(estimateFill('SELL', '0.49', bids, { shares: '15' })).toMatchObject({ fillableShares: '15', worstPrice: '0.49' });
  });
});

describe('ticket checks', () => {
  const context: TicketContext = {
    tickSize: '0.01',
    minOrderSize: '5',
    mode: { mode: 'normal', retryAt: null, modeMessage: null, closedOnly: false, banned: false },
    shares: '10',
    notional: '5',
    available: '100',
    now: 0,
  };
  const ticket: OrderTicket = { tokenId: '1', side: 'BUY', orderType: 'GTC', price: '0.5', size: '10' };

  it('passes a good ticket', () => {
    expect(ticketProblems(ticket, context)).toEqual([]);
  });

  it.each<[Partial<OrderTicket>, Partial<TicketContext>, RegExp]>([
    [{ price: '0.995' }, {}, /between 0.01 and 0.99/],
    [{ price: '0' }, {}, /between 0.01 and 0.99/],
    [{ price: '0.505' }, {}, /multiple of the tick size 0.01/],
    [{ size: '10.123' }, {}, /at most 2 decimals/],
    [{}, { shares: '4' }, /below the market's minimum of 5 shares/],
    [{}, { available: '1' }, /Not enough USD: the order needs \$5, \$1 is available/],
    [{ side: 'SELL' }, { available: '2' }, /Not enough shares/],
    [{ orderType: 'GTD', expiration: 10 }, {}, /GTD order must expire at least a minute from now/],
    [{}, { mode: { ...context.mode, mode: 'cancel-only' } }, /cancel-only mode/],
    [{}, { mode: { ...context.mode, mode: 'trading-disabled' } }, /Trading is disabled/],
    [{}, { mode: { ...context.mode, mode: 'post-only', retryAt: null } }, /only post-only orders/],
    [{}, { mode: { ...context.mode, banned: true } }, /banned/],
    [{}, { mode: { ...context.mode, closedOnly: true } }, /closed-only/],
  ])('names the problem with %j %j', (change, contextChange, message) => {
    expect(ticketProblems({ ...ticket, ...change }, { ...context, ...contextChange }).map((problem) => problem.text).join(' ')).toMatch(message);
  });

  it('keeps the figures apart from the words, so the page formats them in the user\'s style', () => {
    const [short] = ticketProblems(ticket, { ...context, available: '1.5' });
    expect(short?.parts).toEqual(['Not enough USD: the order needs ', { kind: 'usd', value: '5' }, ', ', { kind: 'usd', value: '1.5' }, ' is available.']);
    const [offTick] = ticketProblems({ ...ticket, price: '0.505' }, context);
    expect(offTick?.parts).toContainEqual({ kind: 'price', value: '0.01', tickSize: '0.01' });
    const [restarting] = ticketProblems(ticket, { ...context, mode: { ...context.mode, mode: 'restarting', retryAt: Date.UTC(2026, 10, 28, 14, 5) } });
    expect(restarting?.text).toBe('The matching engine is restarting until about 14:05 UTC.');
    expect(restarting?.parts).toContainEqual({ kind: 'time', value: String(Date.UTC(2026, 10, 28, 14, 5)) });
  });

  it('lets a post-only order through in post-only mode', () => {
    expect(ticketProblems({ ...ticket, postOnly: true }, { ...context, mode: { ...context.mode, mode: 'post-only' } })).toEqual([]);
  });
});

describe('restart backoff', () => {
  it('retries 425 with growing delays and stops at the first other answer', async () => {
    const slept: number[] = [];
    let calls = 0;
    const result = await retryWhileRestarting(
      async () => {
        calls++;
        if (calls < 4) throw serviceError(425, 'restarting');
        return 'placed';
      },
      async (ms) => void slept.push(ms),
    );
    expect(result).toBe('placed');
    expect(slept).toEqual([1_000, 2_000, 4_000]);
  });

  it('gives up after the last delay with the exchange answer, and never retries other errors', async () => {
    const slept: number[] = [];
    await expect(retryWhileRestarting(async () => { throw serviceError(425, 'restarting'); }, async (ms) => void slept.push(ms), [1, 2])).rejects.toMatchObject({ status: 425 });
    expect(slept).toEqual([1, 2]);
    await expect(retryWhileRestarting(async () => { throw serviceError(400, 'bad'); }, async () => { throw new Error('must not sleep'); })).rejects.toMatchObject({ status: 400 });
  });
});
