/**
 * Apply someone's referral code to this account. The exchange takes one code per account, ever:
 * when the account already has a referrer the form says so, and a second try is refused in words.
 */
import { useState } from 'react';
import type { PerpsReferralView } from '../../../shared/perpsViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { useReferralsStore } from '../../stores/referralsStore';

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function ApplyCodeForm({ accountId, referral }: { accountId: string; referral: PerpsReferralView | null }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const apply = useBridgeAction(api.applyPerpsReferralCode);

  const submit = async () => {
    const text = code.trim();
    const why = text === '' ? 'Enter a referral code.' : !CODE.test(text) ? 'A referral code has letters, digits, "-" and "_" only (at most 64).' : null;
    setProblem(why);
    setApplied(null);
    if (why) return;
    const result = await apply.run({ accountId, code: text });
    if (result?.ok) {
      useReferralsStore.getState().receive(result.value);
      setApplied(text);
      setCode('');
    }
  };

  return (
    <form
      className="panel form"
      noValidate
      data-testid="referral-apply-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <header className="panel-header">
        <h3 className="panel-title">Apply a referral code</h3>
      </header>
      {referral?.parent ? (
        <p className="panel-note" data-testid="referral-has-parent">
          This account already has the referral code {referral.parent}; the exchange accepts one code per account, ever.
        </p>
      ) : null}
      <div className="inline-form">
        <input className="input" aria-label="Referral code" placeholder="Code" maxLength={64} spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} data-testid="referral-apply-code" />
        <button type="submit" className="button" disabled={apply.pending} data-testid="referral-apply">
          {apply.pending ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {problem ? (
        <p className="field-error" role="alert" data-testid="referral-apply-problem">
          {problem}
        </p>
      ) : null}
      {applied ? (
        <p className="success-note" role="status" data-testid="referral-applied">
          Code {applied} applied.
        </p>
      ) : null}
      <ActionError error={apply.error} testId="referral-apply-error" purpose="Unlock the vault to apply a code." />
    </form>
  );
}
