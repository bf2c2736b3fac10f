/**
 * Invite codes and referrals: a code takes at most 3 referrals per rolling 24 h
 * (referral_cooldown, cooldown_ms > 0) and 10 in its lifetime (referral_limit_reached,
 * cooldown_ms null); an account applies a code once only (referral_already_set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERPS_ROUTES } from '../../../src/shared/protocol/perps';
import { DAY_MS, ERR, HOUR_MS, PerpsHarness, type ProxyCredentials } from './perpsHarness';

let h: PerpsHarness;
beforeAll(async () => {
  h = await PerpsHarness.start();
});
afterAll(async () => {
  await h?.stop();
});

const invite = async (creds: ProxyCredentials) => (await h.send<{ status: string; code: string; referrals_available: number; cooldown_ms: number | null }>('POST', PERPS_ROUTES.invite.path, {}, creds)).body;
const apply = (creds: ProxyCredentials, code: string) => h.send('POST', PERPS_ROUTES.applyReferral.path, { code }, creds);

describe('invite caps and cooldown', () => {
  it('takes 3 referrals per rolling 24 h and 10 in the code\'s lifetime', async () => {
    const inviter = await h.account();
    const { code } = await invite(inviter);
    let taken = 0;
    for (let day = 0; taken < 10; day += 1) {
      for (let i = 0; i < 3 && taken < 10; i += 1) {
        expect((await invite(inviter)).cooldown_ms).toBe(0);
        const child = await h.account();
        expect(await apply(child, code)).toMatchObject({ status: 200, body: { status: 'ok' } });
        taken += 1;
        h.clock += HOUR_MS;
      }
      if (taken < 10) {
        const status = await invite(inviter);
        // The day's first referral was 3 h ago: the rate frees up 21 h from now.
        expect(status).toEqual({ status: 'ok', code, referrals_available: 10 - taken, cooldown_ms: 21 * HOUR_MS });
        expect(await apply(await h.account(), code)).toMatchObject({ status: 400, body: ERR('referral_cooldown') });
        h.clock += 21 * HOUR_MS;
      }
      expect(day).toBeLessThan(5);
    }
    expect(await invite(inviter)).toEqual({ status: 'ok', code, referrals_available: 0, cooldown_ms: null });
    h.clock += 2 * DAY_MS;
    expect(await apply(await h.account(), code)).toMatchObject({ status: 400, body: ERR('referral_limit_reached') });
    expect((await h.get(PERPS_ROUTES.readReferral.path, inviter)).body).toMatchObject({ code, children_count: 10, referrals_left: 0 });
  });

  it('applies a code once only: a second code is refused with referral_already_set and the parent stays', async () => {
    const first = await h.account();
    const second = await h.account();
    const child = await h.account();
    const a = (await invite(first)).code;
    const b = (await invite(second)).code;
    expect((await apply(child, a)).status).toBe(200);
    expect(await apply(child, b)).toMatchObject({ status: 400, body: ERR('referral_already_set') });
    expect(await apply(child, a)).toMatchObject({ status: 400, body: ERR('referral_already_set') });
    expect((await h.get(PERPS_ROUTES.readReferral.path, child)).body.parent).toBe(a);
    expect((await h.get(PERPS_ROUTES.readReferral.path, second)).body.children_count).toBe(0);
  });

  it('a code given at proxy creation sets the parent, so the apply route refuses afterwards', async () => {
    const inviter = await h.account();
    const code = (await invite(inviter)).code;
    const child = await h.account({ code });
    expect((await h.get(PERPS_ROUTES.readReferral.path, child)).body.parent).toBe(code);
    expect(await apply(child, (await invite(await h.account())).code)).toMatchObject({ status: 400, body: ERR('referral_already_set') });
  });
});
