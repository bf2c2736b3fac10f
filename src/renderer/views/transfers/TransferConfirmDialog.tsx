/**
 * The confirmation before a transfer is signed: who sends what to whom, and the exact signed op
 * (type, args, salt, ts, EIP-712 domain, signing proxy) main will sign when Send is pressed.
 * After the send: the exchange's transfer id.
 */
import type { PerpsTransferPreview, PerpsTransferResult } from '../../../shared/perpsViews';
import type { BridgeError } from '../../../shared/result';
import { ActionError } from '../../components/ActionError';
import { Dialog } from '../../components/Dialog';
import { NetworkBadge } from '../../components/NetworkBadge';
import { DialogOutcome } from '../../components/DialogOutcome';
import { useNow } from '../../hooks/useNow';
import { formatAmount, formatUsd } from '../../lib/format';

interface TransferConfirmDialogProps {
  preview: PerpsTransferPreview;
  sending: boolean;
  error: BridgeError | null;
  result: PerpsTransferResult | null;
  onSend: () => void;
  onClose: () => void;
}

/** The op as it will travel (minus `sig`, which does not exist until Send). */
const signedOpText = (p: PerpsTransferPreview): string =>
  JSON.stringify({ op: p.op, salt: p.salt, ts: p.ts, ...(p.label ? { label: p.label } : {}), domain: p.domain, signer: p.proxyAddress }, null, 2);

export function TransferConfirmDialog({ preview, sending, error, result, onSend, onClose }: TransferConfirmDialogProps) {
  const now = useNow(1_000, result === null);
  const expired = result === null && now >= preview.expiresAt;
  if (result) {
    return (
      <Dialog title="Transfer sent" onClose={onClose} testId="transfer-confirm-dialog">
        <DialogOutcome testId="transfer-result" onClose={onClose} attributes={{ 'data-transfer-id': String(result.transferId) }}>
          {result.alreadySettled ? 'Already settled earlier' : 'Settled'}: {formatAmount(result.amount)} {result.asset} → {preview.toAccountLabel ?? result.to}. Transfer id{' '}
          <strong className="num" data-testid="transfer-result-id">
            {result.transferId}
          </strong>
          .
        </DialogOutcome>
      </Dialog>
    );
  }
  return (
    <Dialog title="Confirm transfer" onClose={onClose} busy={sending} size="wide" testId="transfer-confirm-dialog">
      <div className="form-network">
        <NetworkBadge testId="transfer-confirm-network" size="small" />
      </div>
      <dl className="facts-grid" data-testid="transfer-confirm-facts">
        <dt>From</dt>
        <dd className="num selectable">{preview.fromAddress}</dd>
        <dt>To</dt>
        <dd className="selectable" data-testid="transfer-confirm-to" data-recipient={preview.recipient}>
          {preview.toAccountLabel ? <strong>{preview.toAccountLabel} </strong> : null}
          <span className="num">{preview.op.args.to}</span>
          {preview.recipient === 'foreign' ? (
            <span className="tone-warn tx-foreign" data-testid="transfer-confirm-foreign">
              Not one of your accounts{preview.toAccountLabel ? ': its key is not in this vault' : ''}.
            </span>
          ) : null}
        </dd>
        <dt>Amount</dt>
        <dd className="num" data-testid="transfer-confirm-amount">
          {formatAmount(preview.amount)} {preview.asset}
 <span className="muted">({preview.amountUnits} base units, {preview.decimals} decimals)</span>
        </dd>
        <dt>Free collateral</dt>
        <dd className="num">{preview.freeCollateral === null ? <span className="muted">unknown</span> : `${formatUsd(preview.freeCollateral)} USD (estimate; the exchange decides)`}</dd>
        <dt>Label</dt>
        <dd>{preview.label ?? <span className="muted">none</span>}</dd>
        <dt>Signed by</dt>
        <dd className="num selectable" data-testid="transfer-confirm-proxy">
          proxy {preview.proxyAddress}
        </dd>
      </dl>
      <p className="field-help">The exact operation to be signed (EIP-712, domain included):</p>
      <pre className="tx-op selectable" data-testid="transfer-confirm-op">
        {signedOpText(preview)}
      </pre>
      {expired ? (
        <p className="action-error" role="alert" data-testid="transfer-confirm-expired">
          This preview has expired: close and preview again.
        </p>
      ) : null}
      <ActionError error={error} testId="transfer-send-error" />
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={sending || expired} onClick={onSend} data-autofocus data-testid="transfer-send">
          {sending ? 'Signing and sending…' : 'Sign and send'}
        </button>
        <button type="button" className="button" disabled={sending} onClick={onClose} data-testid="transfer-cancel">
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
