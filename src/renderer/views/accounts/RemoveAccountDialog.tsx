/**
 * Removal asks for the vault password and says exactly what goes with the account: its key
 * (gone for good unless backed up), its order-book credentials and its perps proxies.
 */
import { useState } from 'react';
import type { AccountView } from '../../../shared/custodyViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { Dialog } from '../../components/Dialog';
import { Field } from '../../components/Field';
import { SecretInput } from '../../components/SecretInput';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { shortAddress } from '../../lib/address';
import { useAccountsStore } from '../../stores/accountsStore';
import { formatNumber } from '../../lib/format';

function Losses({ account }: { account: AccountView }) {
  const proxies = account.perpsProxies.length;
  return (
    <ul className="loss-list" data-testid="remove-account-losses">
      {account.kind === 'key' ? (
        <li>
          <strong>Its private key.</strong> The vault is its only copy in Marketdesk: unless you exported a keystore or
          hold the key elsewhere, the account and its funds cannot be reached again.
        </li>
      ) : (
        <li>The watched address (there is no key to lose).</li>
      )}
      {account.clobCredentials ? (
        <li>
          <strong>Its order-book API credentials</strong> (key <span className="num">{account.clobCredentials.apiKeyHint}</span>): the
          key, secret and passphrase are deleted from the vault; they can be derived again with the account key.
        </li>
      ) : null}
      {proxies > 0 ? (
        <li>
          <strong>
            Its {formatNumber(proxies)} perps
 {proxies === 1 ? 'proxy' : 'proxies'}
          </strong>
          {proxies === 1
            ? ': its secret is deleted from the vault. The exchange keeps it authorised until it expires — delete it first to revoke it.'
            : ': their secrets are deleted from the vault. The exchange keeps them authorised until they expire — delete them first to revoke them.'}
        </li>
      ) : null}
      <li>Its label and place in the list. Positions and history stay on the services.</li>
    </ul>
  );
}

export function RemoveAccountDialog({ account, onClose }: { account: AccountView; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const remove = useBridgeAction(api.removeAccount);
  const submit = async () => {
    if (password.length === 0) return;
    const typed = password;
    setPassword('');
    const result = await remove.run({ accountId: account.id, password: typed });
    if (result?.ok) {
      useAccountsStore.getState().receive(result.value);
      onClose();
    }
  };
  return (
    <Dialog title={`Remove “${account.label}”?`} onClose={onClose} busy={remove.pending} testId="remove-account-dialog">
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>
          Removing <strong>{account.label}</strong> <span className="num muted">({shortAddress(account.address)})</span> deletes from this
          vault:
        </p>
        <Losses account={account} />
        <Field label="Vault password">
          {({ id }) => (
            <SecretInput
              id={id}
              value={password}
              onValueChange={setPassword}
              autoComplete="current-password"
              maxLength={1024}
              testId="remove-account-password"
              autoFocusInDialog
            />
          )}
        </Field>
        <div className="form-actions">
          <button
            type="submit"
            className="button button-danger"
            disabled={remove.pending || password.length === 0}
            data-testid="remove-account-submit"
          >
            {remove.pending ? 'Removing…' : 'Remove account'}
          </button>
          <button type="button" className="button" onClick={onClose} disabled={remove.pending}>
            Keep it
          </button>
        </div>
        <ActionError error={remove.error} testId="remove-account-error" />
      </form>
    </Dialog>
  );
}
