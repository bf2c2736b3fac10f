/**
 * "Restart and install": asks main to install; when main answers that orders rest or heartbeats
 * run (or could not be read), a dialog lists them per account with what the restart does to them,
 * and the install goes ahead only from its own button. Nothing installs without this click.
 */
import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { InstallUpdateResult } from '../../shared/updates';
import { api } from '../bridge/api';
import { useBridgeAction } from '../hooks/useBridgeAction';
import { ActionError } from './ActionError';
import { UpdateInstallDialog } from './UpdateInstallDialog';

interface UpdateInstallFlowProps {
  testId: string;
  /** The status bar's compact button. */
  compact?: boolean;
}

type NeedsConfirmation = Extract<InstallUpdateResult, { outcome: 'needs-confirmation' }>;

export function UpdateInstallFlow({ testId, compact = false }: UpdateInstallFlowProps) {
  const install = useBridgeAction(api.installUpdate);
  const [asked, setAsked] = useState<NeedsConfirmation | null>(null);
  const start = async (confirmed: boolean) => {
    const result = await install.run({ confirmed });
    if (result?.ok && result.value.outcome === 'needs-confirmation') setAsked(result.value);
  };
  const buttonClass = compact ? 'button button-small button-primary update-install-compact' : 'button button-small button-primary';
  return (
    <>
      <button type="button" className={buttonClass} disabled={install.pending} onClick={() => void start(false)} data-testid={testId}>
        {compact ? 'Restart to install' : 'Restart and install'}
      </button>
      {asked ? null : <ActionError error={install.error} testId={`${testId}-error`} />}
      {/* Into the body: the status bar's nowrap and small type must not shape the dialog. */}
      {asked
        ? createPortal(
            <UpdateInstallDialog asked={asked} pending={install.pending} error={install.error} onLater={() => setAsked(null)} onConfirm={() => void start(true)} />,
            document.body,
          )
        : null}
    </>
  );
}
