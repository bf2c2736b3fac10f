/**
 * Issue 10, finding 4: heartbeats never overlap on a slow network; when they stall past the
 * exchange's window the trading state says so at once; after recovery the open orders are
 * reconciled and `ordersCancelledByExchange` lists exactly the orders the dead-man switch
 * cancelled (not the one the user cancelled meanwhile). Real time, with the sandbox's window
 * shortened to 600 ms and heartbeats every 150 ms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenOrderView, PlacedOrder, TradingState } from '../../../src/shared/tradingViews';
import { startRecoveryHarness, until, type RecoveryHarness } from './recoveryHarness';

const WINDOW_MS = 600;
let h: RecoveryHarness;
let tokenId = '';

beforeAll(async () => {
  h = await startRecoveryHarness({
    sandbox: { heartbeatTimeoutMs: WINDOW_MS },
    core: { activityPollMs: 100, tradingRecovery: { heartbeatIntervalMs: 150, heartbeatWindowMs: WINDOW_MS } },
  });
  await h.openTradingAccount();
  tokenId = await h.restingToken();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

/** A state pushed after the window had passed while heartbeats were failing. */
const toldLapsed = ({ payload, at }: { payload: TradingState; at: number }) =>
  payload.heartbeat.failingSince !== null && at - payload.heartbeat.failingSince >= payload.heartbeat.windowMs;

describe('heartbeats that stall past the exchange window', () => {
  it('sends one at a time, says so when the window passes, and lists exactly the orders the exchange cancelled', async () => {
    const prices = ['0.03', '0.04', '0.05'];
    const placed = await h.call<PlacedOrder[]>('placeOrders', { tickets: prices.map((price) => ({ tokenId, side: 'BUY', orderType: 'GTC', price, size: '10' })) });
    expect(placed.every((p) => p.success)).toBe(true);
    const ids = placed.map((p) => p.orderId);
    const on = await h.call<TradingState>('setHeartbeat', { enabled: true });
    expect(on.heartbeat).toMatchObject({ enabled: true, lastOk: true, failingSince: null, windowMs: WINDOW_MS });
    await until(() => h.eventsOf('openOrdersChanged').some((e) => ids.every((id) => e.orders.some((o) => o.id === id))));

    // The network turns slow: heartbeats hang unanswered.
    h.relay.inject('POST /v1/heartbeats', 'stall');
    const failing = await until(() => h.eventsOf('tradingStateChanged').find((s) => s.heartbeat.failingSince !== null));
    expect(failing.heartbeat.lastOk).toBe(false);
    // The user cancels one order meanwhile: it is not the exchange's doing.
    await h.call('cancelOrder', { orderId: ids[0] });
    // Told at once: a state change arrives when the window has passed, before any heartbeat answers.
    await until(() => h.timedEventsOf('tradingStateChanged').some(toldLapsed), 5_000);
    // The exchange's switch has fired: its open orders are gone.
    await until(async () => (await h.call<OpenOrderView[]>('listOpenOrders')).length === 0, 5_000);
    expect(h.relay.maxConcurrent('POST /v1/heartbeats')).toBe(1);
    expect(h.relay.count('POST /v1/heartbeats')).toBeGreaterThan(3);

    h.relay.clear();
    const notice = await until(() => h.eventsOf('ordersCancelledByExchange')[0], 5_000);
    expect(notice.reason).toBe('heartbeat-lapsed');
    expect(notice.orders.map((o) => o.id).sort()).toEqual(ids.slice(1).sort());
    const recovered = await h.call<TradingState>('getTradingState');
    expect(recovered.heartbeat).toMatchObject({ enabled: true, lastOk: true, failingSince: null });
    expect(h.eventsOf('ordersCancelledByExchange')).toHaveLength(1);
    await h.call('setHeartbeat', { enabled: false });
  }, 30_000);
});
