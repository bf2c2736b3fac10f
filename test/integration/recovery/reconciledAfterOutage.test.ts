/**
 * Issue 10, finding 4's second half for a plain outage: after the order-book service was out of
 * reach (no heartbeats involved), the client compares its open orders with the exchange's and
 * lists the ones cancelled meanwhile without the user asking here, with reason 'reconciled'.
 * Before, only a heartbeat lapse reconciled: an order cancelled from another session during an
 * outage just vanished from the list without a word.
 *
 * The same holds after a mode that stops trading (cancel-only here) ends.
 *
 * The other session is this test, holding the same key: it derives the account's API
 * credentials and cancels one order straight at the sandbox while the app's relay plays dead.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clobAuthTypedData } from '../../../src/signing/clobAuth';
import { l2Signature } from '../../../src/signing/l2Hmac';
import type { PlacedOrder, TradingState } from '../../../src/shared/tradingViews';
import { admin } from '../sandbox/tradingClient';
import type { AppStatus } from '../../../src/shared/viewModels';
import { startRecoveryHarness, until, type RecoveryHarness } from './recoveryHarness';

let h: RecoveryHarness;
const key = generatePrivateKey();
const signer = privateKeyToAccount(key);

beforeAll(async () => {
  h = await startRecoveryHarness({ core: { activityPollMs: 300, tradingRecovery: { modeProbe: { baseMs: 200, capMs: 1_000 } } } });
  await h.call('createVault', { password: 'recovery test password' });
  await h.call('importPrivateKeyAccount', { label: 'Elsewhere too', privateKey: key });
  await h.call('createClobCredentials', {});
  await h.call('requestSandboxFunds', { amount: '1000' });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const seconds = () => String(Math.floor(Date.now() / 1000));

/** The other session: the same key's API credentials (nonce 0, as the app created them), then a cancel. */
async function cancelFromAnotherSession(orderId: string): Promise<void> {
  const timestamp = seconds();
  const signature = await signer.signTypedData(clobAuthTypedData(137, { address: signer.address, timestamp, nonce: 0n }));
  const derived = await fetch(`${h.sandbox.urls.clob}/auth/derive-api-key`, {
    headers: { SVC_ADDRESS: signer.address, SVC_SIGNATURE: signature, SVC_TIMESTAMP: timestamp, SVC_NONCE: '0' },
  });
  expect(derived.status).toBe(200);
  const creds = (await derived.json()) as { apiKey: string; secret: string; passphrase: string };
  const body = JSON.stringify({ orderID: orderId });
  const at = seconds();
  const cancel = await fetch(`${h.sandbox.urls.clob}/order`, {
    method: 'DELETE',
    headers: {
      'content-type': 'application/json',
      SVC_ADDRESS: signer.address,
      SVC_SIGNATURE: l2Signature(creds.secret, at, 'DELETE', '/order', body),
      SVC_TIMESTAMP: at,
      SVC_API_KEY: creds.apiKey,
      SVC_PASSPHRASE: creds.passphrase,
    },
    body,
  });
  expect(await cancel.json()).toMatchObject({ canceled: [orderId] });
}

describe('open orders after the order book was out of reach', () => {
  it("lists what was cancelled while the exchange was out of reach, with reason 'reconciled'", async () => {
    const tokenId = await h.restingToken();
    const place = (price: string) => h.call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price, size: '5' } });
    const kept = await place('0.01');
    const lost = await place('0.02');
    await until(async () => (await h.call<Array<{ id: string }>>('listOpenOrders', {})).length === 2);

    h.relay.inject('', 'dead');
    await until(async () => (await h.call<AppStatus>('getAppStatus')).outages.some((o) => o.service === 'clob'), 15_000);
    await cancelFromAnotherSession(lost.orderId);
    expect(h.eventsOf('ordersCancelledByExchange')).toEqual([]);

    h.relay.clear();
    const [notice] = await until(() => {
      const notices = h.eventsOf('ordersCancelledByExchange');
      return notices.length > 0 ? notices : null;
    }, 20_000);
    expect(notice!.reason).toBe('reconciled');
    expect(notice!.orders.map((o) => o.id)).toEqual([lost.orderId]);
    expect(notice!.orders[0]!.status).toMatch(/cancel/i);
    const open = await h.call<Array<{ id: string }>>('listOpenOrders', {});
    expect(open.map((o) => o.id)).toEqual([kept.orderId]);
    // One outage, one notice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(h.eventsOf('ordersCancelledByExchange')).toHaveLength(1);
  }, 60_000);

  it("lists what was cancelled during a cancel-only spell once the exchange trades again, with reason 'reconciled'", async () => {
    const tokenId = await h.restingToken();
    const seen = h.eventsOf('ordersCancelledByExchange').length;
    const place = (price: string) => h.call<PlacedOrder>('placeOrder', { ticket: { tokenId, side: 'BUY', orderType: 'GTC', price, size: '5' } });
    const before = (await h.call<Array<{ id: string }>>('listOpenOrders', {})).map((o) => o.id);
    const lost = await place('0.03');
    await until(async () => (await h.call<Array<{ id: string }>>('listOpenOrders', {})).length === before.length + 1);

    expect((await admin(h.sandbox.urls.clob, '/sandbox/mode', { mode: 'cancel-only', durationSeconds: 2 })).status).toBe(200);
    expect(await place('0.04')).toMatchObject({ success: false, message: expect.stringMatching(/cancel-only/i) });
    expect((await h.call<TradingState>('getTradingState')).mode).toBe('cancel-only');
    await cancelFromAnotherSession(lost.orderId);

    // The mode probe finds the exchange trading again and clears the mode; the orders are reconciled.
    const notices = await until(() => {
      const fresh = h.eventsOf('ordersCancelledByExchange').slice(seen);
      return fresh.length > 0 ? fresh : null;
    }, 20_000);
    expect((await h.call<TradingState>('getTradingState')).mode).toBe('normal');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ reason: 'reconciled', orders: [expect.objectContaining({ id: lost.orderId })] });
  }, 60_000);
});
