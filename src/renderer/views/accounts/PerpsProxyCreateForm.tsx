/** Create a proxy: label, lifetime in days, optional referral code. Kept as typed if it fails. */
import { useState } from 'react';
import { PERPS_PROXY_MAX_EXPIRY_DAYS } from '../../../shared/protocol/perps';
import { api } from '../../bridge/api';
import { NetworkBadge } from '../../components/NetworkBadge';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { useAccountsStore } from '../../stores/accountsStore';

const REFERRAL = /^[A-Za-z0-9_-]*$/;

export function PerpsProxyCreateForm({ disabled }: { disabled: boolean }) {
  const [label, setLabel] = useState('');
  const [days, setDays] = useState('30');
  const [referral, setReferral] = useState('');
  const [attempted, setAttempted] = useState(false);
  const create = useBridgeAction(api.createPerpsProxy);
  const expiryDays = Number(days);
  const problem =
    label.trim() === ''
      ? 'Give the proxy a label.'
      : !(Number.isInteger(expiryDays) && expiryDays >= 1 && expiryDays <= PERPS_PROXY_MAX_EXPIRY_DAYS)
        ? 'Expiry is a whole number of days, at least 1.'
        : !REFERRAL.test(referral.trim())
          ? 'A referral code has letters, digits, "-" and "_" only.'
          : null;

  const submit = async () => {
    setAttempted(true);
    if (problem) return;
    const code = referral.trim();
    const result = await create.run({ label: label.trim(), expiryDays, ...(code ? { referralCode: code } : {}) });
    if (result?.ok) {
      useAccountsStore.getState().receive(result.value);
      setLabel('');
      setReferral('');
      setAttempted(false);
    }
  };

  return (
    <form
      className="inline-form"
      data-testid="proxy-create-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <NetworkBadge testId="proxy-create-network" size="small" />
      <input className="input" aria-label="Proxy label" placeholder="Name, e.g. Bot 1" value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} disabled={disabled} data-testid="proxy-label" />
      <label className="inline-field">
        <span className="muted">Expires in</span>
        <input className="input input-narrow num" aria-label="Expiry in days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} disabled={disabled} data-testid="proxy-days" />
        <span className="muted">days</span>
      </label>
      <input className="input" aria-label="Referral code (optional)" placeholder="Referral code (optional)" value={referral} maxLength={64} onChange={(e) => setReferral(e.target.value)} disabled={disabled} data-testid="proxy-referral" />
      <button type="submit" className="button button-primary" disabled={disabled || create.pending} data-testid="proxy-create">
        {create.pending ? 'Signing…' : 'Create proxy'}
      </button>
      {attempted && problem ? (
        <span className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
      <ActionError error={create.error} testId="proxy-create-error" purpose="Unlock the vault to create a proxy." />
    </form>
  );
}
