/**
 * Issue 10, finding 1: a mode learned from an answer (trading-disabled, cancel-only, each set on
 * the sandbox for 1.5 s) is re-probed with backoff and cleared when the exchange answers normally, so
 * the ticket sends again without a restart. Probe time is virtual; the only real wait is the
 * sandbox's one-second mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrder, TradingState } from '../../../src/shared/tradingViews';
import { admin } from '../sandbox/tradingClient';
import { startRecoveryHarness, until, type RecoveryHarness } from './recoveryHarness';
import { VirtualClock } from './virtualClock';

const clock = new VirtualClock();
let h: RecoveryHarness;
let tokenId = '';

beforeAll(async () => {
  h = await startRecoveryHarness({ core: { loopClock: clock, tradingRecovery: { modeProbe: { baseMs: 1_000, capMs: 30_000 } } } });
  await h.openTradingAccount();
  tokenId = await h.restingToken();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const mode = async () => (await h.call<TradingState>('getTradingState')).mode;
/** Wakes the loops one by one until a probe (a POST /order) has gone out and been answered. */
async function wakeUntilProbe(): Promise<void> {
  const before = h.relay.count('POST /order');
  for (let i = 0; i < 20 && h.relay.count('POST /order') === before; i++) {
    await until(() => clock.parked() > 0);
    clock.wakeNext();
    await until(() => clock.parked() > 0 || h.relay.count('POST /order') > before);
  }
  // The probe's answer has been read once the loop parks again or the mode changed.
  await until(async () => clock.parked() >= 2 || (await mode()) === 'normal');
}

describe('an exchange mode that ends on the exchange', () => {
  it.each([
    ['trading-disabled', /disabled/i, '0.05'],
    ['cancel-only', /cancel-only/i, '0.04'],
  ] as const)('refuses locally in %s, probes with backoff, and clears the mode by itself', async (exchangeMode, said, price) => {
    const ticket = { tokenId, side: 'BUY', orderType: 'GTC', price, size: '10' };
    expect((await admin(h.sandbox.urls.clob, '/sandbox/mode', { mode: exchangeMode, durationSeconds: 1.5 })).status).toBe(200);

    const refused = await h.call<PlacedOrder>('placeOrder', { ticket });
    expect(refused).toMatchObject({ success: false, message: expect.stringMatching(said) });
    expect(await mode()).toBe(exchangeMode);
    const ordersSent = h.relay.count('POST /order');
    expect(await h.failure('placeOrder', { ticket })).toMatchObject({ code: 'invalid_input', message: /not sent/ });
    expect(h.relay.count('POST /order')).toBe(ordersSent);

    // A probe while the mode still holds on the exchange: the client keeps it.
    await wakeUntilProbe();
    expect(h.relay.count('POST /order')).toBe(ordersSent + 1);
    expect(await mode()).toBe(exchangeMode);

    // The mode ends on the exchange (real time: the sandbox's 1.5 s).
    await until(async () => (await admin<{ mode: string }>(h.sandbox.urls.clob, '/sandbox/mode')).body.mode === 'normal', 5_000);
    await wakeUntilProbe();
    await until(async () => (await mode()) === 'normal', 2_000);
    expect(h.relay.count('POST /order')).toBe(ordersSent + 2);

    const placed = await h.call<PlacedOrder>('placeOrder', { ticket });
    expect(placed).toMatchObject({ success: true, status: 'live' });
  }, 30_000);
});
