/**
 * The account's invite code with Copy, and Create invite (create-or-return: the exchange keeps
 * one primary code per account, so a second press returns the same code with fresh counters).
 */
import { useState } from 'react';
import type { PerpsReferralView } from '../../../shared/perpsViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { useReferralsStore } from '../../stores/referralsStore';

export function InviteCodeCard({ accountId, referral }: { accountId: string; referral: PerpsReferralView | null }) {
  const create = useBridgeAction(api.createPerpsInvite);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const code = referral?.code ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const invite = async () => {
    const result = await create.run({ accountId });
    if (result?.ok) useReferralsStore.getState().receive(result.value);
  };

  return (
    <section className="panel" aria-labelledby="rf-code-title" data-testid="referral-code-card">
      <header className="panel-header">
        <h3 className="panel-title" id="rf-code-title">
          Invite code
        </h3>
      </header>
      <div className="rf-code">
        {code ? (
          <>
            <span className="rf-code-text" data-testid="referral-code">
              {code}
            </span>
            <button type="button" className="button button-small" onClick={() => void copy()} data-testid="referral-copy">
              Copy
            </button>
            {copied ? (
              <span className={copied === 'yes' ? 'tone-bid' : 'tone-warn'} role="status" data-testid="referral-copied">
                {copied === 'yes' ? 'Copied' : 'Could not copy: select the code instead'}
              </span>
            ) : null}
          </>
        ) : (
          <span className="muted" data-testid="referral-no-code">
            {referral ? 'No invite code yet.' : 'Reading…'}
          </span>
        )}
      </div>
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={create.pending} onClick={() => void invite()} data-testid="referral-create-invite">
          {create.pending ? 'Creating…' : code ? 'Refresh invite' : 'Create invite'}
        </button>
        <span className="field-help">Others apply the code to become this account’s referrals; it shares their fees with you.</span>
      </div>
      <ActionError error={create.error} testId="referral-invite-error" purpose="Unlock the vault to create an invite." />
    </section>
  );
}
