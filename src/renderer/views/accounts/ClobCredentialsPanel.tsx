/**
 * Order-book API credentials of the active account. Main creates or derives them with an L1
 * signature and keeps key, secret and passphrase in the vault; this panel sees the key's last
 * characters, the nonce and the host that issued them, nothing more. Credentials issued by
 * another host than the network now points at are not used here: the panel says so and offers
 * to re-issue them on the new host (rotate and delete would have to talk to the old one).
 */
import { useState } from 'react';
import type { AccountsState, AccountView } from '../../../shared/custodyViews';
import type { BridgeResult } from '../../../shared/result';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { BlockedNote } from '../../components/BlockedNote';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { formatDateTime } from '../../lib/format';
import { issuedElsewhere, issuerName } from '../../../shared/issuedOrigin';
import { selectHosts, useAccountsStore } from '../../stores/accountsStore';
import { selectLockStatus, useVaultStore } from '../../stores/vaultStore';
import { signingBlock } from './signingBlock';

const PURPOSE = 'Unlock the vault to manage order-book credentials.';

export function ClobCredentialsPanel({ account }: { account: AccountView }) {
  const lock = useVaultStore(selectLockStatus);
  const block = signingBlock(account, lock, 'create, rotate or delete credentials');
  const create = useBridgeAction(api.createClobCredentials);
  const rotate = useBridgeAction(api.rotateClobCredentials);
  const remove = useBridgeAction(api.deleteClobCredentials);
  const [nonce, setNonce] = useState('');
  const credentials = account.clobCredentials;
  const host = useAccountsStore(selectHosts)?.clob;
  const elsewhere = credentials !== null && issuedElsewhere(credentials.origin, host);
  const pending = create.pending || rotate.pending || remove.pending;
  const nonceValue = nonce.trim() === '' ? undefined : Number(nonce);
  const nonceProblem = nonceValue !== undefined && !(Number.isInteger(nonceValue) && nonceValue >= 0 && nonceValue <= 2 ** 31) ? 'A nonce is a whole number from 0.' : null;

  const receive = (result: BridgeResult<AccountsState> | null) => {
    if (result?.ok) useAccountsStore.getState().receive(result.value);
  };
  const clearErrors = () => [create, rotate, remove].forEach((action) => action.clearError());

  return (
    <section className="panel" data-testid="clob-panel" aria-labelledby="clob-panel-title">
      <header className="panel-header">
        <h3 className="panel-title" id="clob-panel-title">
          Order-book credentials
        </h3>
        <span className="panel-meta">API key · secret · passphrase, kept in the vault</span>
      </header>
      {credentials ? (
        <dl className="facts-grid" data-testid="clob-credentials">
          <dt>API key</dt>
          <dd className="num" data-testid="clob-api-key-hint">
            {credentials.apiKeyHint}
          </dd>
          <dt>Nonce</dt>
          <dd className="num" data-testid="clob-nonce">
            {credentials.nonce}
          </dd>
          <dt>Created</dt>
          <dd className="num">{formatDateTime(credentials.createdAt)}</dd>
          {credentials.origin !== undefined ? (
            <>
              <dt>Issued by</dt>
              <dd className="selectable" data-testid="clob-issued-by">
                {issuerName(credentials.origin)}
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="panel-note" data-testid="clob-none">
          None yet. Creating them signs a one-time L1 message with this account’s key; if the exchange already has credentials for the
          nonce, they are derived instead.
        </p>
      )}
      {elsewhere ? (
        <p className="panel-note proxy-warning" role="status" data-testid="clob-elsewhere">
          This network now points at {issuerName(host)}: these credentials were issued by {issuerName(credentials.origin)} and nothing is sent
          with them here. Re-issuing signs a new L1 message for the new host and replaces them in the vault.
        </p>
      ) : null}
      {block ? <BlockedNote kind={block.kind} reason={block.reason} purpose={PURPOSE} testId="clob-blocked" /> : null}
      <div className="panel-actions">
        {credentials && !elsewhere ? (
          <>
            <button
              type="button"
              className="button"
              disabled={Boolean(block) || pending}
              onClick={() => {
                clearErrors();
                void rotate.run({}).then(receive);
              }}
              title="Delete these credentials on the exchange and create new ones"
              data-testid="clob-rotate"
            >
              {rotate.pending ? 'Rotating…' : 'Rotate'}
            </button>
            <ConfirmButton
              label="Delete"
              question="Delete these credentials here and on the exchange?"
              confirmLabel="Delete credentials"
              disabled={Boolean(block) || pending}
              pending={remove.pending}
              onConfirm={() => {
                clearErrors();
                void remove.run({}).then(receive);
              }}
              testId="clob-delete"
            />
          </>
        ) : (
          <>
            <label className="inline-field">
              <span className="muted">Nonce</span>
              <input
                className="input input-narrow num"
                inputMode="numeric"
                value={nonce}
                placeholder="0"
                onChange={(event) => setNonce(event.target.value)}
                disabled={Boolean(block) || pending}
                aria-invalid={nonceProblem ? true : undefined}
                data-testid="clob-nonce-input"
              />
            </label>
            <button
              type="button"
              className="button button-primary"
              disabled={Boolean(block) || pending || Boolean(nonceProblem)}
              onClick={() => {
                clearErrors();
                void create.run(nonceValue === undefined ? {} : { nonce: nonceValue }).then(receive);
              }}
              data-testid="clob-create"
            >
              {create.pending ? 'Signing…' : elsewhere ? 'Re-issue for this host' : 'Create / derive'}
            </button>
            {nonceProblem ? <span className="field-error">{nonceProblem}</span> : null}
          </>
        )}
      </div>
      <ActionError error={create.error ?? rotate.error ?? remove.error} testId="clob-error" purpose={PURPOSE} />
    </section>
  );
}
