/**
 * Proxy lifecycle and referrals through the core against the real sandbox: proxy states in the
 * accounts view, rotation (new proxy with the same label, old one gone, reads keep working), and
 * a referral code that applies once and is refused after, with a sentence saying why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../../src/shared/custodyViews';
import type { PerpsAccountView, PerpsReferralView } from '../../../src/shared/perpsViews';
import { startPerpsCore, type PerpsCoreHarness } from './perpsCoreHarness';

let h: PerpsCoreHarness;
let inviter: { id: string; address: string };
let invitee: { id: string; address: string };

beforeAll(async () => {
  h = await startPerpsCore();
  inviter = await h.addAccountWithProxy('Inviter');
  invitee = await h.addAccountWithProxy('Invitee');
});
afterAll(async () => {
  await h?.stop();
});

const refusal = async (channel: string, input: unknown) => {
  const result = await h.core.dispatch(channel, input, { clientId: 't' });
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error.message;
};

describe('perps proxies', () => {
  it('shows each proxy\'s state and the active one, and says why an account without one has no equity', async () => {
    await h.call('switchAccount', { accountId: invitee.id });
    await h.call('createPerpsProxy', { label: 'Short-lived', expiryDays: 3 });
    const [view] = await h.call<PerpsAccountView[]>('listPerpsAccounts', { accountId: invitee.id });
    expect(view!.proxies.map((p) => [p.label, p.state])).toEqual([['Invitee proxy', 'active'], ['Short-lived', 'expiring']]);
    // The newest unexpired proxy is the active one.
    expect(view!.activeProxy).toBe(view!.proxies[1]!.proxyAddress);

    const bare = (await h.call<AccountsState>('createAccount', { label: 'Bare' })).accounts.find((a) => a.label === 'Bare')!;
    const [bareView] = await h.call<PerpsAccountView[]>('listPerpsAccounts', { accountId: bare.id });
    expect(bareView).toEqual(expect.objectContaining({ activeProxy: null, equity: null, unavailableReason: '"Bare" has no perps proxy yet; create one in the account settings.' }));
    expect(await refusal('getPerpsReferral', { accountId: bare.id })).toBe('"Bare" has no perps proxy yet; create one in the account settings.');
  });

  it('rotates a proxy: a new one with the same label replaces it, and key-header reads keep working', async () => {
    const before = (await h.call<AccountsState>('listAccounts', {})).accounts.find((a) => a.id === inviter.id)!;
    const old = before.perpsProxies[0]!;
    const after = await h.call<AccountsState>('rotatePerpsProxy', { accountId: inviter.id, proxyAddress: old.proxyAddress });
    const proxies = after.accounts.find((a) => a.id === inviter.id)!.perpsProxies;
    expect(proxies).toHaveLength(1);
    expect(proxies[0]!.label).toBe(old.label);
    expect(proxies[0]!.proxyAddress).not.toBe(old.proxyAddress);
    const referral = await h.call<PerpsReferralView>('getPerpsReferral', { accountId: inviter.id });
    expect(referral.code).toMatch(/\S/);
    expect(await refusal('rotatePerpsProxy', { accountId: inviter.id, proxyAddress: old.proxyAddress })).toMatch(/has no perps proxy/);
  });
});

describe('perps referrals', () => {
  it('knows the cooldown from the first read of an account, before any invite is asked for', async () => {
    const first = await h.call<PerpsReferralView>('getPerpsReferral', { accountId: invitee.id });
    expect(first.invite).toEqual({ referralsAvailable: 10, cooldownMs: 0, readAt: expect.any(Number) });
    expect(first.parent).toBeNull();
  });

  it('applies an invite code once and refuses a second code, and the own code, in sentences', async () => {
    const invite = await h.call<PerpsReferralView>('createPerpsInvite', { accountId: inviter.id });
    expect(invite.invite).toEqual({ referralsAvailable: 10, cooldownMs: 0, readAt: expect.any(Number) });

    expect(await refusal('applyPerpsReferralCode', { accountId: inviter.id, code: invite.code })).toMatch(/own invite code/);
    const applied = await h.call<PerpsReferralView>('applyPerpsReferralCode', { accountId: invitee.id, code: invite.code });
    expect(applied.parent).toBe(invite.code);
    expect((await h.call<PerpsReferralView>('getPerpsReferral', { accountId: inviter.id })).childrenCount).toBe(1);

    const already = `"Invitee" already has the referral code ${invite.code}; an account's referral code cannot be changed.`;
    expect(await refusal('applyPerpsReferralCode', { accountId: invitee.id, code: invite.code })).toBe(already);
    expect(await refusal('applyPerpsReferralCode', { accountId: invitee.id, code: 'SOMEOTHER' })).toBe(already);
    expect((await h.call<PerpsReferralView>('getPerpsReferral', { accountId: invitee.id })).parent).toBe(invite.code);
  });
});
