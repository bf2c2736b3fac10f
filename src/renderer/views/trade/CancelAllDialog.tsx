/** Ctrl/Cmd+Shift+X: one question before every open order of the account is cancelled. */
import { Dialog } from '../../components/Dialog';
import { selectActiveAccount, useAccountsStore } from '../../stores/accountsStore';
import { useOpenOrdersStore } from '../../stores/openOrdersStore';

export function CancelAllDialog({ onClose }: { onClose: () => void }) {
  const count = useOpenOrdersStore((s) => s.orders.length);
  const pending = useOpenOrdersStore((s) => s.cancelAllPending);
  const cancelAll = useOpenOrdersStore((s) => s.cancelAll);
  const account = useAccountsStore(selectActiveAccount);
  return (
    <Dialog title="Cancel all open orders?" onClose={onClose} busy={pending} testId="cancel-all-dialog">
      <p>
        Every open order of <strong>{account?.label ?? 'this account'}</strong>, in every market, is cancelled — {count} known right now.
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="button button-danger"
          disabled={pending}
          data-autofocus
          onClick={() => void cancelAll().then(onClose)}
          data-testid="cancel-all-dialog-submit"
        >
          {pending ? 'Cancelling…' : 'Cancel all orders'}
        </button>
        <button type="button" className="button" onClick={onClose} disabled={pending}>
          Keep them
        </button>
      </div>
    </Dialog>
  );
}
