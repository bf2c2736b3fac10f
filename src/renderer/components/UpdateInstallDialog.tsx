/** The install confirmation: what rests or runs on each account, and what the restart does to it. */
import type { BridgeError } from '../../shared/result';
import type { InstallUpdateResult } from '../../shared/updates';
import { accountsThatMatter, ordersText, restingConsequence } from '../lib/updateText';
import { ActionError } from './ActionError';
import { Dialog } from './Dialog';

interface UpdateInstallDialogProps {
  asked: Extract<InstallUpdateResult, { outcome: 'needs-confirmation' }>;
  pending: boolean;
  error: BridgeError | null;
  onLater: () => void;
  onConfirm: () => void;
}

export function UpdateInstallDialog({ asked, pending, error, onLater, onConfirm }: UpdateInstallDialogProps) {
  const { resting } = asked;
  const accounts = accountsThatMatter(resting);
  const heartbeats = accounts.some((a) => a.heartbeatsRunning);
  return (
    <Dialog title={`Install version ${asked.version} now?`} onClose={onLater} busy={pending} size="wide" testId="update-install-dialog">
      <p className="dialog-text">
        Marketdesk closes to install the update and starts again. On {resting.networkLabel}, these accounts have orders resting or heartbeats running:
      </p>
      <ul className="update-resting-list" data-testid="update-resting-list">
        {accounts.map((account) => (
          <li key={account.accountId} className="update-resting-account" data-testid="update-resting-account">
            <span className="update-resting-name">{account.label}</span>
            <span className="update-resting-facts num">
              {ordersText(account)}
              {account.heartbeatsRunning ? ' · heartbeats running' : ''}
            </span>
            <span className="update-resting-effect">{restingConsequence(account, resting.heartbeatWindowMs)}</span>
          </li>
        ))}
      </ul>
      {heartbeats ? (
        <p className="dialog-text" data-testid="update-install-heartbeat-advice">
          To keep those orders, install later — or switch that account&apos;s heartbeats off first: its orders then stay on the exchange, without the
          automatic cancel.
        </p>
      ) : null}
      <ActionError error={error} testId="update-install-dialog-error" />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onLater} disabled={pending} data-autofocus data-testid="update-install-later">
          Install later
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm} disabled={pending} data-testid="update-install-confirm">
          Restart and install
        </button>
      </div>
    </Dialog>
  );
}
