/** Under the ladder: the last ladder or hotkey order's answer, and its confirmation when the account asks for one. */
import { useEffect } from 'react';
import { ActionError } from '../../components/ActionError';
import { useNow } from '../../hooks/useNow';
import { resultHolds } from '../../stores/actionResultsStore';
import { selectIsUnlocked, useVaultStore } from '../../stores/vaultStore';
import { selectActiveAccount, selectActiveAccountId, useAccountsStore } from '../../stores/accountsStore';
import type { TradeTarget } from '../../stores/tradeTargetStore';
import { ConfirmOrderDialog } from '../trade/ticket/ConfirmOrderDialog';
import { TicketResult } from '../trade/ticket/TicketResult';
import { useLadderOrders } from './ladderOrders';

/** How often a shown answer checks its age. */
const AGE_CHECK_MS = 1_000;

export function LadderOrderOutcome({ target }: { target: TradeTarget }) {
  const { pending, confirming, answer, confirm, dismissConfirm, clear, resend } = useLadderOrders();
  const accountId = useAccountsStore(selectActiveAccountId);
  const account = useAccountsStore(selectActiveAccount);
  const unlocked = useVaultStore(selectIsUnlocked);
  const now = useNow(AGE_CHECK_MS, answer !== null);
  // An answer holds for its account, its outcome and the unlocked session, and ages out; one with
  // nothing to say is no answer (an empty "Buy at 0.53:" box must not linger).
  const holds =
    answer !== null &&
    resultHolds({ accountId: answer.accountId, context: answer.tokenId, at: answer.at }, { accountId, unlocked, context: target.tokenId, now }) &&
    (answer.note !== null || answer.error !== null || answer.placed !== null);
  useEffect(() => {
    if (answer !== null && !holds) clear();
  }, [answer, holds, clear]);
  const shown = holds ? answer : null;
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
