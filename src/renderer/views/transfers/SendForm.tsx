/**
 * Send collateral from the account: recipient from the address book of the user's own accounts
 * or any address typed in, asset, amount, label; Preview opens the confirmation with the exact op.
 * Watch-only addresses are listed apart from the own accounts: their key is not in the vault.
 */
import { useEffect, useState } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import type { PerpsAccountView, PerpsAssetView } from '../../../shared/perpsViews';
import { ActionError } from '../../components/ActionError';
import { Field } from '../../components/Field';
import { NetworkBadge } from '../../components/NetworkBadge';
import { shortAddress } from '../../lib/address';
import { holdsKey, selectAccounts, useAccountsStore } from '../../stores/accountsStore';
import { CollateralFacts } from './CollateralFacts';
import { defaultAsset, toDraft, TYPED_RECIPIENT, type SendForm as Form, type SendFormProblems } from './transferDraft';
import type { TransferFlow } from './useTransferFlow';
import { formatAmount } from '../../lib/format';

interface SendFormProps {
  from: AccountView;
  perps: PerpsAccountView | null;
  assets: readonly PerpsAssetView[];
  flow: TransferFlow;
  disabled: boolean;
}

const addressBookEntry = (account: AccountView) => (
  <option key={account.id} value={account.id}>
    {account.label} · {shortAddress(account.address)}
  </option>
);

/** Under the recipient: own only when its key is in the vault. */
function recipientHelp(account: AccountView | undefined): string {
  if (!account) return 'Any address: the exchange opens a perps account for it on receipt.';
  return holdsKey(account) ? 'One of your own accounts.' : 'A watch-only address: its key is not in this vault, so it is not one of your own accounts.';
}

export function SendForm({ from, perps, assets, flow, disabled }: SendFormProps) {
  const others = useAccountsStore(selectAccounts).filter((a) => a.id !== from.id);
  // A watch-only address is never chosen for the user: the first own account, else the address box.
  const firstOwn = others.find(holdsKey)?.id ?? TYPED_RECIPIENT;
  const [form, setForm] = useState<Form>({ recipient: firstOwn, typedAddress: '', asset: '', amount: '', label: '' });
  const [problems, setProblems] = useState<SendFormProblems>({});
  const asset = form.asset || defaultAsset(assets);
  const recipient = form.recipient === TYPED_RECIPIENT || others.some((a) => a.id === form.recipient) ? form.recipient : firstOwn;
  const update = (patch: Partial<Form>) => setForm((old) => ({ ...old, ...patch }));
  // A sent transfer clears its amount and label, so a second Preview is never the same send by accident.
  useEffect(() => {
    if (flow.result && flow.origin === 'send') setForm((old) => ({ ...old, amount: '', label: '' }));
  }, [flow.result, flow.origin]);

  const submit = () => {
    const outcome = toDraft({ ...form, recipient, asset }, { fromAccountId: from.id, fromAddress: from.address, ownAccounts: others, assets });
    if ('problems' in outcome) return setProblems(outcome.problems);
    setProblems({});
    void flow.start(outcome.draft, 'send');
  };

  return (
    <form
      className="panel form tx-send"
      noValidate
      data-testid="transfer-send-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <header className="panel-header">
        <h3 className="panel-title">Send</h3>
        <span className="panel-meta">from {from.label}</span>
        <NetworkBadge testId="transfer-send-network" size="small" />
      </header>
      <CollateralFacts perps={perps} />
      <Field label="Recipient" error={problems.recipient} errorTestId="transfer-recipient-problem" help={recipientHelp(others.find((a) => a.id === recipient))}>
        {({ id, describedBy, invalid }) => (
          <select id={id} className="select" aria-describedby={describedBy} aria-invalid={invalid} value={recipient} onChange={(e) => update({ recipient: e.target.value })} disabled={disabled} data-testid="transfer-recipient">
            {others.filter(holdsKey).map(addressBookEntry)}
            {others.some((a) => !holdsKey(a)) ? (
              <optgroup label="Watch-only: not your keys" data-testid="transfer-recipient-watch-only">
                {others.filter((a) => !holdsKey(a)).map(addressBookEntry)}
              </optgroup>
            ) : null}
            <option value={TYPED_RECIPIENT}>Another address…</option>
          </select>
        )}
      </Field>
      {recipient === TYPED_RECIPIENT ? (
        <input className="input num" placeholder="0x…" spellCheck={false} aria-label="Recipient address" value={form.typedAddress} onChange={(e) => update({ typedAddress: e.target.value })} disabled={disabled} data-testid="transfer-address" />
      ) : null}
      <div className="tx-row">
        <Field label="Asset" error={problems.asset}>
          {({ id }) => (
            <select id={id} className="select" value={asset} onChange={(e) => update({ asset: e.target.value })} disabled={disabled} data-testid="transfer-asset">
              {assets.map((a) => (
                <option key={a.asset} value={a.asset}>
                  {a.asset}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Amount" error={problems.amount} errorTestId="transfer-amount-problem">
          {({ id, describedBy, invalid }) => (
            <input id={id} className="input num" inputMode="decimal" placeholder="0.00" aria-describedby={describedBy} aria-invalid={invalid} value={form.amount} onChange={(e) => update({ amount: e.target.value })} disabled={disabled} data-testid="transfer-amount-input" />
          )}
        </Field>
      </div>
      <Field label="Label (optional)" error={problems.label}>
        {({ id }) => <input id={id} className="input" maxLength={80} value={form.label} onChange={(e) => update({ label: e.target.value })} disabled={disabled} data-testid="transfer-label" />}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={disabled || flow.previewing} data-testid="transfer-preview">
          {flow.previewing ? 'Checking…' : 'Preview…'}
        </button>
      </div>
      {flow.result && flow.origin === 'send' && !flow.preview ? (
        <p className="success-note" role="status" data-testid="transfer-last-result" data-transfer-id={flow.result.transferId}>
          Sent {formatAmount(flow.result.amount)} {flow.result.asset}
: transfer id <span className="num">{flow.result.transferId}</span>.
        </p>
      ) : null}
      <ActionError error={flow.previewError} testId="transfer-preview-error" purpose="Unlock the vault to send a transfer." />
    </form>
  );
}
