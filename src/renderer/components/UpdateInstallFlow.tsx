/**
 * "Restart and install": asks main to install; when main answers that orders rest or heartbeats
 * run (or could not be read), a dialog lists them per account with what the restart does to them,
 * and the install goes ahead only from its own button. Nothing installs without this click.
 */
import { useState } from 'react';
import type { InstallUpdateResult } from '../../shared/updates';
import { api } from '../bridge/api';
import { useBridgeAction } from '../hooks/useBridgeAction';
import { accountsThatMatter, ordersText, restingConsequence } from '../lib/updateText';
import { ActionError } from './ActionError';
import { Dialog } from './Dialog';

interface UpdateInstallFlowProps {
  testId: string;
  /** The status bar's compact button. */
  compact?: boolean;
}

export function UpdateInstallFlow({ testId, compact = false }: UpdateInstallFlowProps) {
  const install = useBridgeAction(api.installUpdate);
  const [asked, setAsked] = useState<Extract<InstallUpdateResult, { outcome: 'needs-confirmation' }> | null>(null);
  const start = async (confirmed: boolean) => {
    const result = await install.run({ confirmed });
    if (result?.ok && result.value.outcome === 'needs-confirmation') setAsked(result.value);
  };
  return (
    <>
      <button type="button" className={compact ? 'button button-small button-primary update-install-compact' : 'button button-small button-primary'} disabled={install.pending} onClick={() => void start(false)} data-testid={testId}>
        {compact ? 'Restart to install' : 'Restart and install'}
      </button>
      {!asked ? <ActionError error={install.error} testId={`${testId}-error`} /> : null}
      {asked ? (
        <Dialog title={`Install version ${asked.version} now?`} onClose={() => setAsked(null)} busy={install.pending} testId="update-install-dialog">
          <p className="dialog-text">
            Marketdesk closes to install the update and starts again. On {asked.resting.networkLabel}, these accounts have orders resting or heartbeats
            running:
          </p>
          <ul className="update-resting-list" data-testid="update-resting-list">
            {accountsThatMatter(asked.resting).map((account) => (
              <li key={account.accountId} className="update-resting-account" data-testid="update-resting-account">
                <span className="update-resting-name">{account.label}</span>
                <span className="update-resting-facts num">
                  {ordersText(account)}
                  {account.heartbeatsRunning ? ' · heartbeats running' : ''}
                </span>
                <span className="update-resting-effect">{restingConsequence(account, asked.resting.heartbeatWindowMs)}</span>
              </li>
            ))}
          </ul>
          <p className="dialog-text">To keep heartbeat-protected orders, install later, or cancel them first and place them again after the restart.</p>
          <ActionError error={install.error} testId="update-install-dialog-error" />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setAsked(null)} disabled={install.pending} data-autofocus data-testid="update-install-later">
              Install later
            </button>
            <button type="button" className="button button-primary" onClick={() => void start(true)} disabled={install.pending} data-testid="update-install-confirm">
              Restart and install
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
