/** Under the ladder: the last ladder or hotkey order's answer, and its confirmation when the account asks for one. */
import { ActionError } from '../../components/ActionError';
import { selectActiveAccount, selectActiveAccountId, useAccountsStore } from '../../stores/accountsStore';
import type { TradeTarget } from '../../stores/tradeTargetStore';
import { ConfirmOrderDialog } from '../trade/ticket/ConfirmOrderDialog';
import { TicketResult } from '../trade/ticket/TicketResult';
import { useLadderOrders } from './ladderOrders';

export function LadderOrderOutcome({ target }: { target: TradeTarget }) {
  const { pending, confirming, answer, confirm, dismissConfirm, clear, resend } = useLadderOrders();
  const accountId = useAccountsStore(selectActiveAccountId);
  const account = useAccountsStore(selectActiveAccount);
  // An answer belongs to the account that produced it.
  const shown = answer && answer.accountId === accountId ? answer : null;
  return (
    <div className="dl-outcome" aria-live="polite" data-testid="ladder-outcome" data-seq={shown?.seq ?? 0} data-pending={pending || undefined}>
      {pending ? <p className="muted dl-outcome-line">Sending…</p> : null}
      {shown && !pending ? (
        <div className="dl-outcome-line">
          <span className="dl-outcome-what">{shown.what}:</span>
          {shown.note ? (
            <span className="dl-outcome-note" role="status" data-testid="ladder-outcome-note">
              {shown.note}
            </span>
          ) : null}
          <ActionError error={shown.error} testId="ladder-outcome-error" purpose="Unlock the vault to sign orders." />
          {shown.placed ? <TicketResult placed={shown.placed} onResend={() => void resend(shown.placed!.ticket, shown.what)} resending={pending} /> : null}
          <button type="button" className="icon-button dl-outcome-close" aria-label="Dismiss" title="Dismiss" onClick={clear}>
            ×
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmOrderDialog
          preview={confirming.preview}
          outcome={target.outcome}
          question={target.question}
          accountLabel={account?.label ?? ''}
          pending={pending}
          onConfirm={() => void confirm()}
          onClose={dismissConfirm}
        />
      ) : null}
    </div>
  );
}
