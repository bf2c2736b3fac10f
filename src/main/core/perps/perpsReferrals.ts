/**
 * Referral codes of an account on the perps exchange (key-header routes): reading the account's
 * referral, creating or returning its invite code, and applying someone's code. An account that
 * already has a parent is refused before anything is sent: the exchange allows one code per
 * account, ever. The last invite answer is kept per account for this session (its cooldown and
 * lifetime figures are only in that answer); the first read of an account in a session asks the
 * invite route too (idempotent: it returns the primary code), so the cooldown is known from the
 * first look rather than only after the user asks for an invite.
 */
import type { BudgetPriority } from '../../../shared/viewModels';
import type { PerpsReferralView } from '../../../shared/perpsViews';
import { CoreError } from '../coreError';
import type { PerpsAnswer } from './perpsAnswers';
import { credentialsOf, type PerpsContext } from './perpsContext';

export class PerpsReferrals {
  private readonly invites = new Map<string, NonNullable<PerpsReferralView['invite']>>();

  constructor(private readonly context: PerpsContext) {}

  async get(accountId: string): Promise<PerpsReferralView> {
    if (!this.invites.has(accountId)) return this.createInvite(accountId, 'interactive');
    const account = this.context.registry.get(accountId);
    return this.view(accountId, await this.context.client.readReferral(credentialsOf(this.context, account)));
  }

  async createInvite(accountId: string, priority: BudgetPriority = 'order'): Promise<PerpsReferralView> {
    const account = this.context.registry.get(accountId);
    const credentials = credentialsOf(this.context, account);
    const invite = await this.context.client.invite(credentials, priority);
    this.invites.set(accountId, { referralsAvailable: invite.referrals_available, cooldownMs: invite.cooldown_ms, readAt: this.context.now() });
    return this.view(accountId, await this.context.client.readReferral(credentials));
  }

  async apply(accountId: string, code: string): Promise<PerpsReferralView> {
    const account = this.context.registry.get(accountId);
    const credentials = credentialsOf(this.context, account);
    const before = await this.context.client.readReferral(credentials);
    if (before.parent) {
      throw new CoreError('conflict', `"${account.label}" already has the referral code ${before.parent}; an account's referral code cannot be changed.`);
    }
    if (before.code.toUpperCase() === code.toUpperCase()) throw new CoreError('invalid_input', `${code} is "${account.label}"'s own invite code; an account cannot refer itself.`);
    await this.context.client.applyReferral(credentials, code);
    this.context.changed(accountId, 'referral');
    return this.view(accountId, await this.context.client.readReferral(credentials));
  }

  private view(accountId: string, referral: PerpsAnswer<'referral'>): PerpsReferralView {
    return {
      accountId,
      code: referral.code,
      childrenCount: referral.children_count,
      referralsLeft: referral.referrals_left,
      feeShareRate: referral.fee_share_rate,
      parent: referral.parent ?? null,
      invite: this.invites.get(accountId) ?? null,
    };
  }
}
