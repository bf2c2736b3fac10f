/**
 * USD balance and allowance, and the shares of the traded outcome. Refresh asks the exchange to
 * re-read them first (`/balance-allowance/update`). On the Sandbox network a faucet credits
 * paper USD to the active account.
 */
import { useState } from 'react';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { formatAllowance, formatClock, formatSize, formatUsd } from '../../lib/format';
import { selectBalance, useBalanceStore } from '../../stores/balanceStore';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { useTradingBlock } from '../../stores/tradingAccess';

const FAUCET_DEFAULT = '1000';

function Figure({ label, value, testId, title }: { label: string; value: string; testId: string; title?: string }) {
  return (
    <div className="balance-figure" title={title}>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function BalancePanel({ tokenId, outcome }: { tokenId: string; outcome: string }) {
  const balance = useBalanceStore(selectBalance);
  const phase = useBalanceStore((s) => s.phase);
  const loadError = useBalanceStore((s) => s.error);
  const receiveResult = useBalanceStore((s) => s.receiveResult);
  const isSandbox = useAppStatusStore((s) => s.status?.network.isSandbox ?? false);
  const block = useTradingBlock();
  const refresh = useBridgeAction(api.refreshBalanceAllowance);
  const faucet = useBridgeAction(api.requestSandboxFunds);
  const [amount, setAmount] = useState(FAUCET_DEFAULT);
  const shares = balance?.conditional?.tokenId === tokenId ? balance.conditional : null;
  const canFund = block === null || block.kind === 'no_credentials';
  // tables: while locked the last balance read stays, marked with its time (accountDataPolicy).
  const frozen = block?.kind === 'locked' && balance !== null;

  return (
    <section className="trade-card balance-panel" aria-label="Balance" data-testid="balance-panel" data-phase={phase}>
      <header className="trade-card-header">
        <h3 className="pane-title">Balance</h3>
        <span className="pane-meta">{balance ? `as of ${formatClock(balance.updatedAt)}` : ''}</span>
        <button
          type="button"
          className="button button-small"
          disabled={block !== null || refresh.pending}
          onClick={() => void refresh.run({ tokenId }).then(receiveResult)}
          title="Ask the exchange to re-read balances and allowances, then show them"
          data-testid="balance-refresh"
        >
          {refresh.pending ? 'Refreshing…' : 'Refresh'}
        </button>
      </header>
      {block && block.kind !== 'no_credentials' && !frozen ? null : (
        <dl className="balance-grid">
          <Figure label="USD" value={balance ? formatUsd(balance.collateral.balance) : '—'} testId="balance-usd" title={balance?.collateral.balance} />
          <Figure label="USD allowance" value={balance ? formatAllowance(balance.collateral.allowance, formatUsd) : '—'} testId="balance-usd-allowance" title={balance?.collateral.allowance} />
          <Figure label={`${outcome} shares`} value={shares ? formatSize(shares.balance) : '—'} testId="balance-shares" title={shares?.balance} />
          <Figure label="Shares allowance" value={shares ? formatAllowance(shares.allowance, formatSize) : '—'} testId="balance-shares-allowance" title={shares?.allowance} />
        </dl>
      )}
      {block ? (
        <p className="panel-note balance-note" data-testid="balance-blocked">
          {frozen ? `As of ${formatClock(balance.updatedAt)} · vault locked: the last balance read, updated after unlock.` : block.kind === 'no_credentials' ? 'Balances need order-book credentials.' : 'Balances show once an account can trade.'}
        </p>
      ) : null}
      {phase === 'error' && loadError ? <ActionError error={loadError} testId="balance-error" /> : null}
      <ActionError error={refresh.error} testId="balance-refresh-error" />
      {isSandbox ? (
        <form
          className="faucet"
          onSubmit={(event) => {
            event.preventDefault();
            void faucet.run({ amount: amount.trim() }).then(receiveResult);
          }}
        >
          <label className="inline-field">
            <span className="muted">Paper $</span>
            <input className="input input-narrow num" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={!canFund} data-testid="faucet-amount" />
          </label>
          <button type="submit" className="button button-small" disabled={!canFund || faucet.pending || amount.trim() === ''} data-testid="faucet-submit">
            {faucet.pending ? 'Funding…' : 'Get paper USD'}
          </button>
          <span className="muted faucet-note">Sandbox only</span>
          <ActionError error={faucet.error} testId="faucet-error" />
        </form>
      ) : null}
    </section>
  );
}
