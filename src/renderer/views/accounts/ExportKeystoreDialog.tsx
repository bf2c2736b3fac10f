/**
 * Export the key as a keystore v3 file. This window only proves it is you (the vault password);
 * the keystore password is chosen outside it and the file is written outside it: in a window
 * and a save dialog owned by main (desktop), or on a one-time page on another origin that
 * serves the file as a download (browser mode). The keystore never comes to this window.
 */
import { useState } from 'react';
import type { AccountView, KeystoreExportResult } from '../../../shared/custodyViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { Dialog } from '../../components/Dialog';
import { DialogOutcome } from '../../components/DialogOutcome';
import { Field } from '../../components/Field';
import { SecretInput } from '../../components/SecretInput';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { openOneTimePage } from './openOneTimePage';

type Outcome = { kind: 'saved'; fileName: string } | { kind: 'cancelled' } | { kind: 'page-opened' } | { kind: 'page-blocked' };

function outcomeOf(result: KeystoreExportResult): Outcome {
  if (result.shownIn === 'dialog') return result.savedAs ? { kind: 'saved', fileName: result.savedAs } : { kind: 'cancelled' };
  return result.url !== null && openOneTimePage(result.url) ? { kind: 'page-opened' } : { kind: 'page-blocked' };
}

export function ExportKeystoreDialog({ account, onClose }: { account: AccountView; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const exportKeystore = useBridgeAction(api.exportAccountKeystore);

  const submit = async () => {
    if (password.length === 0) return;
    const typed = password;
    setPassword('');
    const result = await exportKeystore.run({ accountId: account.id, password: typed });
    if (result?.ok) setOutcome(outcomeOf(result.value));
  };

  return (
    <Dialog title={`Export “${account.label}” as keystore`} onClose={onClose} busy={exportKeystore.pending} testId="export-keystore-dialog">
      {outcome ? (
        <DialogOutcome testId="export-keystore-done" attributes={{ 'data-outcome': outcome.kind }} onClose={onClose}>
          {outcome.kind === 'saved' ? (
            <>
              Saved <strong className="num">{outcome.fileName}</strong>. Keep it with its keystore password: together they are the key.
            </>
          ) : outcome.kind === 'cancelled' ? (
            'Nothing was saved.'
          ) : outcome.kind === 'page-opened' ? (
            'Opened in a new tab: choose the keystore password there, and the file downloads from that page. It works once, within a minute.'
          ) : (
            'The browser blocked the new tab. Allow pop-ups for Marketdesk and export again: the page works once, within a minute.'
          )}
        </DialogOutcome>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="form-intro">
            The file is a standard Ethereum keystore (v3) that other wallets can import. Anyone with the file and its password controls the
            account. You choose its password next, outside this window.
          </p>
          <Field label="Vault password">
            {({ id }) => (
              <SecretInput id={id} value={password} onValueChange={setPassword} autoComplete="current-password" maxLength={1024} testId="export-vault-password" autoFocusInDialog />
            )}
          </Field>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={exportKeystore.pending || password.length === 0} data-testid="export-keystore-submit">
              {exportKeystore.pending ? 'Checking…' : 'Continue'}
            </button>
            <button type="button" className="button" onClick={onClose} disabled={exportKeystore.pending}>
              Cancel
            </button>
          </div>
          <ActionError error={exportKeystore.error} testId="export-keystore-error" />
        </form>
      )}
    </Dialog>
  );
}
