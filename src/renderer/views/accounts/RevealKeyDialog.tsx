/**
 * Reveal the private key, after the vault password. The key never comes to this window: main
 * shows it in its own dialog (desktop) or on a page of another origin that opens once, within a
 * minute (browser mode). This dialog only says where it went.
 */
import { useState } from 'react';
import type { AccountView, SecretRevealResult } from '../../../shared/custodyViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { SecretInput } from '../../components/SecretInput';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { DialogOutcome } from '../../components/DialogOutcome';
import { openOneTimePage } from './openOneTimePage';

export function RevealKeyDialog({ account, onClose }: { account: AccountView; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<{ shownIn: SecretRevealResult['shownIn']; blocked: boolean } | null>(null);
  const reveal = useBridgeAction(api.revealAccountPrivateKey);

  const submit = async () => {
    if (password.length === 0) return;
    const typed = password;
    setPassword('');
    const result = await reveal.run({ accountId: account.id, password: typed });
    if (!result?.ok) return;
    const { shownIn, url } = result.value;
    setOutcome({ shownIn, blocked: shownIn === 'one-time-page' && url !== null ? !openOneTimePage(url) : false });
  };

  return (
    <Dialog title={`Reveal the private key of “${account.label}”`} onClose={onClose} busy={reveal.pending} testId="reveal-key-dialog">
      {outcome ? (
        <DialogOutcome testId="reveal-key-outcome" attributes={{ 'data-shown-in': outcome.shownIn }} onClose={onClose}>
          {outcome.shownIn === 'dialog'
            ? 'Shown in a system dialog. Close it when you are done; nothing was copied to this window.'
            : outcome.blocked
              ? 'The browser blocked the new tab. Allow pop-ups for Marketdesk and reveal again: the page works once, within a minute.'
              : 'Opened in a new tab. That page works once, within a minute; close it when you are done.'}
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
            Anyone who sees the key controls the account. Make sure nobody is watching your screen. The key is shown outside this window
            and is never kept by it.
          </p>
          <Field label="Vault password">
            {({ id }) => (
              <SecretInput id={id} value={password} onValueChange={setPassword} autoComplete="current-password" maxLength={1024} testId="reveal-vault-password" autoFocusInDialog />
            )}
          </Field>
          <div className="form-actions">
            <button type="submit" className="button button-danger" disabled={reveal.pending || password.length === 0} data-testid="reveal-key-submit">
              {reveal.pending ? 'Checking…' : 'Reveal key'}
            </button>
            <button type="button" className="button" onClick={onClose} disabled={reveal.pending}>
              Cancel
            </button>
          </div>
          <ActionError error={reveal.error} testId="reveal-key-error" />
        </form>
      )}
    </Dialog>
  );
}
