/**
 * Referrals: for one of the user's accounts, its invite code (copy, create), how many accounts it
 * brought, referrals left, the cooldown, the fee-share rate and its own referrer; apply a code.
 */
import { useEffect, useMemo } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { InlineError } from '../../components/InlineError';
import { hrefForView } from '../../stores/navigationStore';
import { selectReferral, selectReferralError, useReferralsStore } from '../../stores/referralsStore';
import { NoProxyNote, perpsBlocker } from '../perps/NoProxyNote';
import { PerpsAccountPicker } from '../perps/PerpsAccountPicker';
import { ProxyExpiryNote } from '../perps/ProxyExpiryNote';
import { usePerpsView } from '../perps/usePerpsAccount';
import { ApplyCodeForm } from './ApplyCodeForm';
import { InviteCodeCard } from './InviteCodeCard';
import { ReferralStats } from './ReferralStats';

export function ReferralsPage() {
  const { choice, setChoice, accountId, account, perps } = usePerpsView();
  const referral = useReferralsStore(useMemo(() => selectReferral(accountId), [accountId]));
  const error = useReferralsStore(useMemo(() => selectReferralError(accountId), [accountId]));
  const load = useReferralsStore((s) => s.load);
  const blocker = account ? perpsBlocker(account, perps) : null;

  useEffect(() => {
    if (accountId && blocker === null) void load(accountId);
  }, [accountId, blocker, load]);

  return (
    <section className="view perps-page" data-testid="view-referrals" aria-label="Referrals" data-account-id={accountId ?? ''}>
      <header className="an-header">
        <PerpsAccountPicker value={choice} onChange={setChoice} testId="referrals-account" />
      </header>
      <ProxyExpiryNote perps={perps} testId="referrals-proxy-expiry" />
      {!account || !accountId ? (
        <EmptyState title="No account yet" testId="referrals-empty">
          <p>
            Add or import an account in <a href={hrefForView('accounts')}>Accounts</a> and create a perps proxy for it to invite others.
          </p>
        </EmptyState>
      ) : blocker ? (
        <NoProxyNote account={account} reason={blocker} testId="referrals-no-proxy" />
      ) : (
        <div className="px-body">
          <div className="px-side">
            <InviteCodeCard accountId={accountId} referral={referral} />
            <ApplyCodeForm key={accountId} accountId={accountId} referral={referral} />
          </div>
          <div className="px-main">
            {error ? <InlineError what="Could not read the referral facts" error={error} onRetry={() => void load(accountId)} /> : null}
            {referral ? <ReferralStats referral={referral} /> : error ? null : <p className="px-note">Reading the referral facts…</p>}
          </div>
        </div>
      )}
    </section>
  );
}
