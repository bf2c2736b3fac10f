/**
 * Children, referrals left, cooldown, fee-share rate and the parent: the code this account was
 * referred with (the spec's `parent` is a code), named as an own account's when this window has
 * seen that account's code.
 */
import type { PerpsReferralView } from '../../../shared/perpsViews';
import { useNow } from '../../hooks/useNow';
import { selectAccounts, useAccountsStore } from '../../stores/accountsStore';
import { useReferralsStore } from '../../stores/referralsStore';
import { formatAge, formatNumber } from '../../lib/format';

/** What the last invite answer says about taking a referral now. */
function cooldownText(invite: PerpsReferralView['invite'], now: number): string {
  if (!invite) return 'unknown until an invite is made';
  if (invite.cooldownMs === null) return 'none left: the lifetime cap is used up';
  if (invite.cooldownMs === 0) return 'none: a referral can be taken now';
  const left = Math.max(0, invite.readAt + invite.cooldownMs - now);
  return left === 0 ? 'over' : `${formatAge(left)} left (3 per 24 h)`;
}

function Stat({ label, value, testId, wide = false }: { label: string; value: string; testId: string; wide?: boolean }) {
  return (
    <div className={wide ? 'pf-stat rf-stat-wide' : 'pf-stat'}>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function ReferralStats({ referral }: { referral: PerpsReferralView }) {
  const accounts = useAccountsStore(selectAccounts);
  const now = useNow(1_000, (referral.invite?.cooldownMs ?? 0) > 0);
  const known = useReferralsStore((s) => s.byAccount);
  const parentCode = referral.parent?.toUpperCase();
  const parentAccountId = parentCode ? Object.values(known).find((r) => r.code.toUpperCase() === parentCode)?.accountId : undefined;
  const parentOwn = accounts.find((a) => a.id === parentAccountId);
  const rate = Number(referral.feeShareRate);
  return (
    <section className="panel" aria-label="Referral facts" data-testid="referral-stats">
      <dl className="rf-stats">
        <Stat label="Referrals" value={formatNumber(referral.childrenCount)} testId="referral-children" />
        <Stat label="Referrals left" value={formatNumber(referral.referralsLeft)} testId="referral-left" />
        <Stat label="Fee share" value={Number.isFinite(rate) ? `${formatNumber(rate * 100, rate * 100 < 1 ? 2 : 0)}%` : referral.feeShareRate} testId="referral-fee-share" />
        <Stat label="Cooldown" value={cooldownText(referral.invite, now)} testId="referral-cooldown" wide />
        <Stat
          label="Referred by"
          value={referral.parent ? `${referral.parent}${parentOwn ? ` (${parentOwn.label}’s code)` : ''}` : 'nobody'}
          testId="referral-parent"
          wide
        />
      </dl>
      <p className="panel-note">
        A code brings at most 10 referrals in all and 3 in any 24 hours; the cooldown is read from the last invite. An account takes one referral code, ever.
      </p>
    </section>
  );
}
