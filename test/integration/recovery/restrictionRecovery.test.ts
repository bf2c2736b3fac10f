/**
 * Issue 10, finding 1 for the per-address modes: closed-only and banned are learned from a 400 on
 * an order, and the ticket then refuses locally, so no order of the user's would ever show the
 * restriction lifted. Before, only a restart cleared it. Now the mode probe also asks about the
 * account's address (its order names the account as maker and signer, and can never be placed),
 * keeps the restriction while the exchange still refuses the address, and clears it after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PlacedOrder, TradingState } from '../../../src/shared/tradingViews';
import { admin } from '../sandbox/tradingClient';
import { startRecoveryHarness, until, type RecoveryHarness } from './recoveryHarness';

let h: RecoveryHarness;
let tokenId = '';
let address = '';

beforeAll(async () => {
  h = await startRecoveryHarness({ core: { tradingRecovery: { modeProbe: { baseMs: 200, capMs: 1_000 } } } });
  await h.openTradingAccount();
  tokenId = await h.restingToken();
  address = (await h.call<AccountsState>('listAccounts')).accounts[0]!.address;
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const state = () => h.call<TradingState>('getTradingState');

describe('a per-address restriction that ends on the exchange', () => {
  it.each([
    ['closed-only', 'closedOnly', /closed only mode/i],
    ['banned', 'banned', /banned/i],
  ] as const)('is learned from a %s refusal, kept while it holds, and cleared by the probe once lifted', async (restriction, flag, said) => {
    const ticket = { tokenId, side: 'BUY', orderType: 'GTC', price: '0.01', size: '5' };
    expect((await admin(h.sandbox.urls.clob, '/sandbox/address', { address, restriction })).status).toBe(200);
    const refused = await h.call<PlacedOrder>('placeOrder', { ticket });
    expect(refused).toMatchObject({ success: false, message: expect.stringMatching(said) });
    expect((await state())[flag]).toBe(true);
    // Refused locally now: nothing is sent.
    const sent = h.relay.count('POST /order');
    expect(await h.failure('placeOrder', { ticket })).toMatchObject({ code: 'invalid_input' });

    // Probes go out and the exchange still refuses the address: the restriction stays.
    await until(() => h.relay.count('POST /order') >= sent + 2, 10_000);
    expect((await state())[flag]).toBe(true);

    expect((await admin(h.sandbox.urls.clob, '/sandbox/address', { address, restriction: 'none' })).status).toBe(200);
    await until(async () => !(await state())[flag], 10_000);
    expect(await h.call<PlacedOrder>('placeOrder', { ticket })).toMatchObject({ success: true, status: 'live' });
  }, 30_000);
});
