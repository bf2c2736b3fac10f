/**
 * The kill switch's one confirmation, in the page (it only reduces risk): every open order of
 * every account on this network is cancelled and every heartbeat stops. Main answers per account
 * — cancelled, not all cancelled (with the exchange's reasons), failed, or why it could not try.
 */
import { useState } from 'react';
import type { KillSwitchAccountResult, KillSwitchResult } from '../../../../shared/riskLimits';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { Dialog } from '../../../components/Dialog';
import { NetworkBadge } from '../../../components/NetworkBadge';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { formatClock, formatNumber } from '../../../lib/format';
import { useAccountsStore } from '../../../stores/accountsStore';
import { useAppStatusStore } from '../../../stores/appStatusStore';
import { useOpenOrdersStore } from '../../../stores/openOrdersStore';
import { useTradingStateStore } from '../../../stores/tradingStateStore';

const OUTCOME_TEXT: Record<KillSwitchAccountResult['outcome'], string> = {
  cancelled: 'Cancelled',
  'not-all-cancelled': 'Not all cancelled',
  failed: 'Failed',
  'no-credentials': 'Not tried',
  'watch-only': 'Not tried',
};

const counted = (count: number, one: string) => `${formatNumber(count)} ${one}${count === 1 ? '' : 's'}`;

function what(account: KillSwitchAccountResult): string {
  const cancelled = `${counted(account.canceled.length, 'order')} cancelled`;
  const left = Object.entries(account.notCanceled).map(([id, reason]) => `${id.slice(0, 10)}…: ${reason}`);
  const parts = account.reason ? [account.reason] : [cancelled, ...(left.length > 0 ? [`not cancelled: ${left.join('; ')}`] : [])];
  if (account.heartbeatStopped) parts.push('heartbeat stopped');
  return parts.join(' · ');
}

function Outcome({ result }: { result: KillSwitchResult }) {
  const cancelled = result.accounts.reduce((sum, a) => sum + a.canceled.length, 0);
  const reached = result.accounts.filter((a) => a.outcome === 'cancelled' || a.outcome === 'not-all-cancelled').length;
  return (
    <>
      <p data-testid="kill-switch-summary">
        {result.networkLabel}, {formatClock(result.at)}: {counted(cancelled, 'order')} cancelled across {counted(reached, 'account')}.
      </p>
      <table className="kill-switch-accounts" data-testid="kill-switch-accounts">
        <tbody>
          {result.accounts.map((account) => (
            <tr key={account.accountId} data-testid="kill-switch-account" data-account-id={account.accountId}>
              <th scope="row">{account.label}</th>
              <td data-outcome={account.outcome} data-testid="kill-switch-outcome">
                {OUTCOME_TEXT[account.outcome]}
              </td>
              <td data-testid="kill-switch-detail">{what(account)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function KillSwitchDialog({ onClose }: { onClose: () => void }) {
  const network = useAppStatusStore((s) => s.status?.network ?? null);
  const accounts = useAccountsStore((s) => s.accounts);
  const openHere = useOpenOrdersStore((s) => s.orders.length);
  const run = useBridgeAction(api.killSwitch);
  const [result, setResult] = useState<KillSwitchResult | null>(null);
  const withCredentials = accounts.filter((a) => a.kind !== 'watchOnly' && a.clobCredentials).length;

  const press = async () => {
    if (!network) return;
    const answer = await run.run({ networkId: network.id });
    if (answer?.ok) {
      setResult(answer.value);
      void useOpenOrdersStore.getState().load();
      void useTradingStateStore.getState().load();
    }
  };

  return (
    <Dialog title={result ? 'Kill switch: done' : `Kill switch: cancel every order on ${network?.label ?? 'this network'}?`} onClose={onClose} busy={run.pending} size="wide" testId="kill-switch-dialog">
      {result ? (
        <Outcome result={result} />
      ) : (
        <>
          <div className="form-network">
            <NetworkBadge testId="kill-switch-network" size="small" />
          </div>
          <p data-testid="kill-switch-scope">
            Every open order of every account on {network?.label ?? 'this network'} is cancelled — {formatNumber(withCredentials)} account{withCredentials === 1 ? '' : 's'} with
            order-book credentials, {formatNumber(openHere)} order{openHere === 1 ? '' : 's'} known for the active one — and every heartbeat stops.
          </p>
          <p className="muted">A part that fills before a cancel reaches the exchange stays filled. Accounts without credentials here are listed, not cancelled.</p>
        </>
      )}
      <ActionError error={run.error} testId="kill-switch-error" purpose="Unlock the vault to cancel orders." />
      <div className="form-actions">
        {result ? (
          <button type="button" className="button" data-autofocus onClick={onClose} data-testid="kill-switch-close">
            Close
          </button>
        ) : (
          <>
            <button type="button" className="button button-danger" data-autofocus disabled={run.pending || !network} onClick={() => void press()} data-testid="kill-switch-confirm">
              {run.pending ? 'Cancelling…' : 'Cancel every order, stop heartbeats'}
            </button>
            <button type="button" className="button" onClick={onClose} disabled={run.pending} data-testid="kill-switch-keep">
              Keep them
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
