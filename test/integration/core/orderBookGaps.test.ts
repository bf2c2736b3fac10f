/**
 * The client side of issue 11's "order book's last gaps", core + sandbox over real loopback HTTP:
 * the market lookup and fee rate a market or version-1 order needs (through the rate budget, in
 * the order-book windows), no cancel sent while trading is disabled, the exchange's order
 * messages as sentences, and a deposit wallet's balance read with a signature type the spec
 * allows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/main/core/net/httpClient';
import { RateBudget } from '../../../src/main/core/net/rateBudget';
import { MarketLookup } from '../../../src/main/core/trading/marketLookup';
import { startSandbox } from '../../../src/sandbox/start';
import { EDGE_WINDOWS, edgeWindowsFor } from '../../../src/shared/protocol/edgeLimits';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { BalanceView, OrderPreview, OrderTicket, PlacedOrder } from '../../../src/shared/tradingViews';
import { get, post, request } from '../sandbox/http';
import { liveMarket } from '../sandbox/tradingClient';
import { callOk, startHarness, type Harness } from './coreHarness';

const feeMarket = liveMarket(7, (e) => e.market.record.takerBaseFee === 100 && e.market.tickSize === '0.01' && e.market.minOrderSize === 5, 0);
const feeToken = feeMarket.market.tokenIds[0];
/** A bid at the lowest price: rests, never fills. */
const restingBid: OrderTicket = { tokenId: feeToken, side: 'BUY', orderType: 'GTC', price: '0.01', size: '5' };

describe('the market lookup goes through the rate budget in the order-book windows', () => {
  it('asks /markets-by-token then /markets once, and /fee-rate, each counted in edge:all and clob only', async () => {
    const sandbox = await startSandbox({ seed: 7, port: 0, simulate: false });
    try {
      const budget = new RateBudget();
      const http = new HttpClient({ urls: () => sandbox.urls, budget, windowsFor: (s, m, p) => edgeWindowsFor(s as 'clob', m, p) });
      const lookup = new MarketLookup(http);
      expect(await lookup.marketOfToken(feeToken)).toEqual({
        conditionId: feeMarket.market.conditionId, acceptingOrders: true, closed: false, endMs: Date.parse(String(feeMarket.market.record.endDate)),
        secondsDelay: feeMarket.market.record.secondsDelay, takerBaseFeeBps: 100, makerBaseFeeBps: 0,
      });
      // Both outcomes of the market, asked again within the minute: answered from memory.
      await lookup.marketOfToken(feeToken);
      expect(await lookup.feeRateBps(feeToken)).toBe(100n);
      expect(await lookup.feeRateBps(feeToken)).toBe(100n);
      expect(budget.usedIn(EDGE_WINDOWS.all)).toBe(3);
      expect(budget.usedIn(EDGE_WINDOWS.clob)).toBe(3);
      for (const narrower of [EDGE_WINDOWS.clobLedger, EDGE_WINDOWS.clobTickSize, EDGE_WINDOWS.clobBook]) expect(budget.usedIn(narrower)).toBe(0);
      const asked = sandbox.faultStats().routes.map((r) => `${r.method} ${r.path}`);
      expect(asked.sort()).toEqual([`GET /fee-rate`, `GET /markets-by-token/${feeToken}`, `GET /markets/${feeMarket.market.conditionId}`].sort());
      // What the sandbox counted matches what the client budgeted.
      expect(sandbox.edgeStats().find((s) => s.scope === 'clob')!.total).toBe(3);
    } finally {
      await sandbox.stop();
    }
  });
});

describe('through the core, against a version-1 sandbox', () => {
  let harness: Harness;
  let accounts: AccountsState;
  const call = <T>(channel: string, input: unknown = {}) => callOk<T>(harness, channel, input);
  const failure = async (channel: string, input: unknown = {}) => {
    const result = await harness.core.dispatch(channel, input, { clientId: 'test-window' });
    if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
    return result.error;
  };
  const clob = () => harness.sandbox.urls.clob;
  const addRule = (rule: Record<string, unknown>) => post(`${clob()}/sandbox/faults/rules`, rule);
  const requested = (method: string, path: string) =>
    harness.sandbox.faultStats().routes.filter((r) => r.method === method && r.path === path).reduce((n, r) => n + r.requests, 0);

  beforeAll(async () => {
    harness = await startHarness({ activityPollMs: 60_000, simulate: false, sandbox: { orderVersion: 1 } });
    await call('createVault', { password: 'order book gaps' });
    accounts = await call<AccountsState>('createAccount', { label: 'Trader' });
    await call('createClobCredentials', {});
    await call('requestSandboxFunds', { amount: '500' });
  }, 60_000);
  afterAll(async () => {
    await harness?.stop();
  });
  beforeEach(async () => {
    await request(`${clob()}/sandbox/faults/rules`, { method: 'DELETE', headers: { 'content-type': 'application/json' } });
    await call('setSandboxExchangeMode', { mode: 'normal' });
  });

  it('signs the market fee from /fee-rate into a version-1 order, which the exchange accepts', async () => {
    expect((await get(`${clob()}/fee-rate?token_id=${feeToken}`)).body).toEqual({ base_fee: 100 });
    const placed = await call<PlacedOrder>('placeOrder', { ticket: restingBid });
    expect(placed).toMatchObject({ success: true, status: 'live' });
    expect(requested('GET', '/fee-rate')).toBeGreaterThan(0);
    await call('cancelOrder', { orderId: placed.orderId });
  });

  it('looks a market order\'s market up by token and shows its taker fee in the preview', async () => {
    const preview = await call<OrderPreview>('previewOrder', { ticket: { ...restingBid, orderType: 'FOK', price: '0.99', size: undefined, amount: '5' } });
    expect(preview).toMatchObject({ takerFeeBps: 100, matchDelaySeconds: feeMarket.market.record.secondsDelay });
    expect(requested('GET', `/markets-by-token/${feeToken}`)).toBe(1);
    expect(requested('GET', `/markets/${feeMarket.market.conditionId}`)).toBe(1);
    // Every order now shows the market's taker fee (issue 20); only market orders carry the delay.
    const limit = await call<OrderPreview>('previewOrder', { ticket: restingBid });
    expect(limit.takerFeeBps).toBe(100);
    expect(limit.matchDelaySeconds).toBeUndefined();
  });

  it('sends no cancel while trading is disabled and says why; cancel-only lets it through', async () => {
    const placed = await call<PlacedOrder>('placeOrder', { ticket: restingBid });
    expect(placed.success).toBe(true);
    await call('setSandboxExchangeMode', { mode: 'trading-disabled' });
    const before = ['/order', '/orders', '/cancel-all', '/cancel-market-orders'].map((path) => requested('DELETE', path));
    for (const [channel, input] of [
      ['cancelOrder', { orderId: placed.orderId }],
      ['cancelOrders', { orderIds: [placed.orderId, placed.orderId.replace(/.$/, '0')] }],
      ['cancelMarketOrders', { assetId: feeToken }],
      ['cancelAllOrders', {}],
    ] as const) {
      expect(await failure(channel, input), channel).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/accepts no orders and no cancels right now, so nothing was sent/) });
    }
    expect(['/order', '/orders', '/cancel-all', '/cancel-market-orders'].map((path) => requested('DELETE', path))).toEqual(before);
    await call('setSandboxExchangeMode', { mode: 'cancel-only' });
    expect(await call('cancelOrder', { orderId: placed.orderId })).toMatchObject({ canceled: [placed.orderId] });
  });

  it('tells the exchange\'s order messages as sentences, keeping its words', async () => {
    const cases: Array<[string, RegExp, RegExp]> = [
      ['crosses-book', /traded at once against an order already on the book/, /“order 0x[0-9a-f]{64} crosses the book”/],
      ['canceled-in-contract', /cancelled on-chain in the exchange contract/, /“order canceled in the exchange contract”/],
      ['match-delayed', /holding back matches in this market/, /“order match delayed due to market conditions”/],
      ['no-matching-orders', /nothing left on the book to trade against/, /“there are no matching orders”/],
      ['fok-killed', /must fill completely at once/, /“FOK orders are filled or killed”/],
      ['rounding-issues', /without rounding/, /“the trade contains rounding issues”/],
      ['price-discrepancy', /book moved too far from your price/, /price discrepancy/],
    ];
    for (const [variant, sentence, said] of cases) {
      await addRule({ service: 'clob', method: 'POST', pathPattern: '/order', kind: 'message', variant, count: 1 });
      const placed = await call<PlacedOrder>('placeOrder', { ticket: restingBid });
      expect(placed.success, variant).toBe(false);
      expect(placed.message, variant).toMatch(/^BUY 5 shares at 0\.01 \(GTC\) was refused: /);
      expect(placed.message, variant).toMatch(sentence);
      expect(placed.message, variant).toMatch(said);
    }
    await addRule({ service: 'clob', method: 'POST', pathPattern: '/order', kind: 'message', variant: 'timed-out', count: 1 });
    expect(await call<PlacedOrder>('placeOrder', { ticket: restingBid })).toMatchObject({ success: false, resubmittable: true, message: expect.stringMatching(/never reached the book and can be sent again/) });
  });

  it('says what a delayed order means', async () => {
    await addRule({ service: 'clob', method: 'POST', pathPattern: '/order', kind: 'message', variant: 'delayed', delayMs: 50, count: 1 });
    const placed = await call<PlacedOrder>('placeOrder', { ticket: restingBid });
    expect(placed).toMatchObject({ success: true, status: 'delayed', message: expect.stringMatching(/will match it after a short delay/) });
    await call('cancelAllOrders', {});
  });

  it('reads a deposit wallet\'s balance as SAFE_WALLET, which the exchange accepts', async () => {
    const wallet = '0x00000000000000000000000000000000000de901'; // lowercase: taken without the EIP-55 check
    const state = await call<AccountsState>('createAccount', { label: 'Deposit wallet', signatureType: 'DEPOSIT_WALLET', funder: wallet });
    const account = state.accounts.find((a) => a.label === 'Deposit wallet')!;
    await call('switchAccount', { accountId: account.id });
    await call('createClobCredentials', {});
    await call('requestSandboxFunds', { amount: '77' });
    const balance = await call<BalanceView>('getBalanceAllowance', {});
    expect(balance.collateral.balance).toBe('77');
    const asked = harness.sandbox.faultStats().routes.filter((r) => r.path === '/balance-allowance' || r.path === '/balance-allowance/update');
    expect(asked.length).toBeGreaterThan(0);
    await call('switchAccount', { accountId: accounts.accounts[0]!.id });
  });
});
