/**
 * The one confirmation before a group of orders is cancelled — every order, this market's, or
 * one side of this outcome — wherever it is asked for (the open-orders panel, the hotkeys). The
 * title says how many and which, the button repeats the number, the way out keeps them. All
 * cancelled: it closes (the open orders show the result). Some not: it stays and says why.
 */
import { useState } from 'react';
import type { BridgeError } from '../../../shared/result';
import type { OpenOrderView } from '../../../shared/tradingViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { Dialog } from '../../components/Dialog';
import { NetworkBadge } from '../../components/NetworkBadge';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { selectActiveAccount, useAccountsStore } from '../../stores/accountsStore';
import { cancelEveryOpenOrder, publishCancelResult, useOpenOrdersStore, type CancelAnswer } from '../../stores/openOrdersStore';
import { CancelOutcome } from './tables/CancelOutcome';
import type { CancelScope } from './tradeDialogs';
import { formatNumber } from '../../lib/format';

function inScope(scope: CancelScope, order: OpenOrderView): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'market') return order.market === scope.conditionId;
  return order.assetId === scope.tokenId && order.side === scope.side;
}

function wording(scope: CancelScope, count: number): { title: string; what: string; scopeText: string } {
  const orders = `${formatNumber(count)} order${count === 1 ? '' : 's'}`;
  if (scope.kind === 'all') return { title: `Cancel all ${orders}?`, what: 'Cancel all', scopeText: 'in every market' };
  if (scope.kind === 'market') return { title: `Cancel ${orders} in this market?`, what: 'Cancel this market', scopeText: `in “${scope.question}” (both outcomes)` };
  const side = scope.side === 'BUY' ? 'buy' : 'sell';
  return { title: `Cancel ${formatNumber(count)} ${side} order${count === 1 ? '' : 's'} for ${scope.outcome}?`, what: `Cancel ${side} orders`, scopeText: `on the ${side} side of ${scope.outcome}` };
}

/** Every scope's answer becomes the account's last cancel result too (the open-orders panel shows it). */
async function cancelScope(scope: CancelScope, ids: string[]): Promise<{ answer: CancelAnswer | null; error: BridgeError | null }> {
  const what = wording(scope, ids.length).what;
  if (scope.kind === 'all') {
    const result = await cancelEveryOpenOrder();
    return result.ok ? { answer: { what, ...result.value }, error: null } : { answer: null, error: result.error };
  }
  const result = scope.kind === 'market' ? await api.cancelMarketOrders({ market: scope.conditionId }) : await api.cancelOrders({ orderIds: ids });
  publishCancelResult(what, result);
  return result.ok ? { answer: { what, ...result.value }, error: null } : { answer: null, error: result.error };
}

export function CancelAllDialog({ scope, onClose }: { scope: CancelScope; onClose: () => void }) {
  const ids = useOpenOrdersStore((s) => s.orders.filter((o) => inScope(scope, o)).map((o) => o.id).join(','));
  const account = useAccountsStore(selectActiveAccount);
  const network = useAppStatusStore((s) => s.status?.network ?? null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<{ answer: CancelAnswer | null; error: BridgeError | null } | null>(null);
  const idList = ids === '' ? [] : ids.split(',');
  const count = idList.length;
  const { title, scopeText } = wording(scope, count);
  // "All" also asks the exchange for orders this window has not seen yet; the others need some.
  const nothing = count === 0 && scope.kind !== 'all';
  const run = async () => {
    setPending(true);
    const outcome = await cancelScope(scope, idList);
    setPending(false);
    if (outcome.answer && Object.keys(outcome.answer.notCanceled).length === 0) onClose();
    else setDone(outcome);
  };
  return (
    <Dialog title={done ? 'Not everything was cancelled' : title} onClose={onClose} busy={pending} testId="cancel-all-dialog">
      {done ? (
        <>
          {done.answer ? <CancelOutcome answer={done.answer} onClose={onClose} /> : null}
          <ActionError error={done.error} testId="cancel-all-dialog-error" />
          <div className="form-actions">
            <button type="button" className="button" data-autofocus onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="form-network">
            <NetworkBadge testId="cancel-all-dialog-network" size="small" />
          </div>
          <p data-testid="cancel-all-dialog-scope">
            {nothing ? 'There are no open orders ' : `Every open order of ${account?.label ?? 'this account'} `}
            {network && !network.isSandbox ? `on ${network.label} ` : ''}
            {scopeText}
            {nothing ? '.' : scope.kind === 'all' ? ` is cancelled — ${formatNumber(count)} known right now.` : ' is cancelled.'}
          </p>
          <p className="muted">A part that fills before the cancel reaches the exchange stays filled.</p>
          <div className="form-actions">
            <button type="button" className="button button-danger" disabled={pending || nothing} data-autofocus onClick={() => void run()} data-testid="cancel-all-dialog-submit">
              {pending ? 'Cancelling…' : scope.kind === 'all' && count === 0 ? 'Cancel all orders' : `Cancel ${formatNumber(count)} order${count === 1 ? '' : 's'}`}
            </button>
            <button type="button" className="button" onClick={onClose} disabled={pending} data-testid="cancel-all-dialog-keep">
              Keep them
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** A button that asks with the dialog above: the open-orders panel's "Cancel this market" and "Cancel all". */
export function CancelAllButton({ scope, label, disabled, testId }: { scope: CancelScope; label: string; disabled: boolean; testId: string }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="button button-small" disabled={disabled} onClick={() => setAsking(true)} data-testid={testId}>
        {label}
      </button>
      {asking ? <CancelAllDialog scope={scope} onClose={() => setAsking(false)} /> : null}
    </>
  );
}
