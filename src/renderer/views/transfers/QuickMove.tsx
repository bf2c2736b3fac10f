/**
 * Move collateral between two of the user's own accounts in two choices: the other account and
 * the amount (in the USD stablecoin). It goes through the same confirmation as any transfer.
 * Own means a key in this vault: a watch-only address (or an account whose key is missing) is
 * not offered here, since collateral sent there is out of the user's reach in this app.
 */
import { useEffect, useState } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import type { PerpsAssetView } from '../../../shared/perpsViews';
import { NetworkBadge } from '../../components/NetworkBadge';
import { amountProblem } from '../../lib/perpsAmounts';
import { holdsKey, selectAccounts, useAccountsStore } from '../../stores/accountsStore';
import { defaultAsset } from './transferDraft';
import type { TransferFlow } from './useTransferFlow';
import { formatAmount } from '../../lib/format';

interface QuickMoveProps {
  from: AccountView;
  assets: readonly PerpsAssetView[];
  flow: TransferFlow;
  disabled: boolean;
}

export function QuickMove({ from, assets, flow, disabled }: QuickMoveProps) {
  const others = useAccountsStore(selectAccounts).filter((a) => a.id !== from.id && holdsKey(a));
  const [target, setTarget] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const assetName = defaultAsset(assets);
  const asset = assets.find((a) => a.asset === assetName);
  const to = others.find((a) => a.id === target) ?? others[0];
  useEffect(() => {
    if (flow.result && flow.origin === 'quick') setAmount('');
  }, [flow.result, flow.origin]);

  if (others.length === 0) return <p className="panel-note" data-testid="quick-move-none">Add a second account with a key in Accounts to move collateral between your own accounts.</p>;
  const move = () => {
    const why = !asset ? 'The exchange lists no collateral asset.' : amountProblem(amount, asset.decimals, asset.asset);
    setProblem(why);
    if (why || !to) return;
    void flow.start({ fromAccountId: from.id, to: to.address, asset: assetName, amount: amount.trim(), label: `Move to ${to.label}`.slice(0, 60) }, 'quick');
  };
  return (
    <form
      className="panel tx-quick"
      data-testid="quick-move"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        move();
      }}
    >
      <header className="panel-header">
        <h3 className="panel-title">Move between my accounts</h3>
        <NetworkBadge testId="transfer-quick-network" size="small" />
      </header>
      <div className="inline-form">
        <select className="select" aria-label="To my account" value={to?.id ?? ''} onChange={(e) => setTarget(e.target.value)} disabled={disabled} data-testid="quick-move-to">
          {others.map((account) => (
            <option key={account.id} value={account.id}>
              → {account.label}
            </option>
          ))}
        </select>
        <input className="input input-narrow num" inputMode="decimal" aria-label={`Amount in ${assetName}`} placeholder={assetName} value={amount} onChange={(e) => setAmount(e.target.value)} disabled={disabled} data-testid="quick-move-amount" />
        <button type="submit" className="button button-primary" disabled={disabled || flow.previewing} data-testid="quick-move-submit">
          Move…
        </button>
      </div>
      {flow.result && flow.origin === 'quick' && !flow.preview ? (
        <p className="success-note" role="status" data-testid="quick-move-result" data-transfer-id={flow.result.transferId}>
          Moved {formatAmount(flow.result.amount)} {flow.result.asset}
: transfer id <span className="num">{flow.result.transferId}</span>.
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert" data-testid="quick-move-problem">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
