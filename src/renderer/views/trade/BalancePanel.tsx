/**
 * USD and the traded outcome's shares: what is available to a new order, what the account's
 * open orders hold, and the whole balance, with the allowances below. Refresh asks the exchange
 * to re-read them first (`/balance-allowance/update`). On the Sandbox network a faucet credits
 * paper USD to the active account.
 */
import type { HeldAmount } from '../../../shared/tradingViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { formatAllowance, formatClock, formatSize, formatUsd } from '../../lib/format';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { selectBalance, useBalanceStore } from '../../stores/balanceStore';
import { useTradingBlock } from '../../stores/tradingAccess';
import { SandboxFaucet } from './onboarding/SandboxFaucet';

const DASH = '—';

function HeldRow({ label, held, format, testId }: { label: string; held: HeldAmount | null; format: (value: string) => string; testId: string }) {
  const cell = (value: string | undefined, suffix: string) => (
    <td className="num" data-testid={`${testId}${suffix}`} title={value}>
      {value === undefined ? DASH : format(value)}
    </td>
  );
  return (
    <tr>
      <th scope="row">{label}</th>
      {cell(held?.available, '-available')}
      {cell(held?.inOrders, '-in-orders')}
      {cell(held?.balance, '')}
    </tr>
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
  const shares = balance?.conditional?.tokenId === tokenId ? balance.conditional : null;
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
      {block && !frozen ? null : (
        <>
          <table className="balance-table" data-testid="balance-table">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col" title="What a new order can use: the balance less what your open orders hold">
                  Available
                </th>
                <th scope="col" title="Held by your open orders: USD of your bids, shares of your asks">
                  In orders
                </th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              <HeldRow label="USD" held={balance?.collateral ?? null} format={formatUsd} testId="balance-usd" />
              <HeldRow label={`${outcome} shares`} held={shares} format={formatSize} testId="balance-shares" />
            </tbody>
          </table>
          <p className="balance-allowances muted">
            Allowance: USD{' '}
            <span className="num" data-testid="balance-usd-allowance" title={balance?.collateral.allowance}>
              {balance ? formatAllowance(balance.collateral.allowance, formatUsd) : DASH}
            </span>{' '}
            · shares{' '}
            <span className="num" data-testid="balance-shares-allowance" title={shares?.allowance}>
              {shares ? formatAllowance(shares.allowance, formatSize) : DASH}
            </span>
          </p>
        </>
      )}
      {block ? (
        <p className="panel-note balance-note" data-testid="balance-blocked">
          {frozen ? `As of ${formatClock(balance.updatedAt)} · vault locked: the last balance read, updated after unlock.` : block.kind === 'no_credentials' ? 'Balances show once the account has order-book credentials (see the ticket).' : 'Balances show once an account can trade.'}
        </p>
      ) : null}
      {phase === 'error' && loadError ? <ActionError error={loadError} testId="balance-error" /> : null}
      <ActionError error={refresh.error} testId="balance-refresh-error" />
      {isSandbox ? <SandboxFaucet /> : null}
    </section>
  );
}
