/** The perps private-route auth helper and referral ledger, with a controlled clock. */
import { describe, expect, it } from 'vitest';
import { authenticateProxy } from '../../../src/sandbox/perps/proxyAuth';
import { createPerpsState } from '../../../src/sandbox/perps/perpsState';
import { buildWorld } from '../../../src/sandbox/world/buildWorld';

const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PROXY = '0x000000000000000000000000000000000000bEEF';

function setup() {
  let now = 1_000_000;
  const state = createPerpsState(buildWorld(7), { chainId: 137, now: () => now });
  state.ledger.openAccount(OWNER, now);
  const secret = state.proxies.issue({ proxy: PROXY, owner: OWNER, expiryMs: now + 60_000, createdAtMs: now });
  const headers = (s = secret, p = PROXY) => ({ headers: { 'service-proxy': p, 'service-secret': s } });
  return { state, secret, headers, advance: (ms: number) => (now += ms) };
}

describe('authenticateProxy', () => {
  it('answers the proxy and its owner account for the right secret', () => {
    const { state, headers } = setup();
    const auth = authenticateProxy(headers(), state);
    expect(auth.ok && auth.identity.account.address).toBe(OWNER);
    expect(auth.ok && auth.identity.proxy.proxy).toBe(PROXY);
  });

  it('refuses missing or wrong credentials with unauthorized, and an expired proxy with proxy_expired', () => {
    const { state, secret, headers, advance } = setup();
    const unauthorized = { ok: false, reply: { status: 401, body: { status: 'err', error: 'unauthorized' } } };
    expect(authenticateProxy({ headers: {} }, state)).toEqual(unauthorized);
    expect(authenticateProxy(headers(`${secret}x`), state)).toEqual(unauthorized);
    expect(authenticateProxy(headers(secret, 'not-an-address'), state)).toEqual(unauthorized);
    advance(60_000);
    expect(authenticateProxy(headers(), state)).toEqual({ ok: false, reply: { status: 401, body: { status: 'err', error: 'proxy_expired' } } });
    // Only the secret's holder learns that the proxy expired.
    expect(authenticateProxy(headers(`${secret}x`), state)).toEqual(unauthorized);
  });
});

describe('referral ledger', () => {
  it('has the house codes of the world, and stops a code after its referrals run out', () => {
    const world = buildWorld(7);
    expect(world.referralCodes[0]).toBe('WELCOME');
    expect(world.referralCodes).toHaveLength(3);
    expect(buildWorld(7).referralCodes).toEqual(world.referralCodes);

    const { state } = setup();
    const owner = state.ledger.account(OWNER)!;
    const code = state.ledger.inviteCodeOf(owner);
    expect(state.ledger.checkReferral(code, OWNER, 0)).toEqual({ ok: false, error: 'invalid_referral_code' });
    // A day apart, so the 3-per-24 h rate never binds and only the lifetime cap does.
    const DAY = 86_400_000;
    for (let i = 0; i < 10; i += 1) {
      const child = `0x${(i + 1).toString(16).padStart(40, '0')}` as const;
      expect(state.ledger.checkReferral(code.toLowerCase(), child, i * DAY)).toEqual({ ok: true, code });
      state.ledger.applyReferral(state.ledger.openAccount(child, 0), code, i * DAY);
    }
    expect(state.ledger.referralOf(owner)).toEqual({ code, children_count: 10, referrals_left: 0, fee_share_rate: '0.2' });
    expect(state.ledger.checkReferral(code, `0x${'ff'.repeat(20)}`, 20 * DAY)).toEqual({ ok: false, error: 'referral_limit_reached' });
  });
});
