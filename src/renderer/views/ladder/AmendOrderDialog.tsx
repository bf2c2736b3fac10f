/**
 * Amend a working order: a new price and/or size in one step, keeping the order's own post-only
 * flag unless it is changed here (every change is listed before it is sent). Main cancels and replaces it
 * (orderAmend.ts) and answers for both halves; the dialog shows both. When the cancel went
 * through and the replacement did not, it says that no order is working now and offers to put
 * the old one back.
 */
import { useState, type KeyboardEvent } from 'react';
import type { AmendResult, OpenOrderView, OrderTicket, PlacedOrder } from '../../../shared/tradingViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { Dialog } from '../../components/Dialog';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { formatPrice, formatSentence, formatSize } from '../../lib/format';
import { priceKey, priceText, stepPrice } from '../../lib/ticks';
import { useBookStore } from '../../stores/bookStore';
import { remainingSize, useOpenOrdersStore } from '../../stores/openOrdersStore';
import { TicketResult } from '../trade/ticket/TicketResult';
import { useAmendStore } from './amendStore';

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
/** "BUY 10.00 at 0.45" (or "45¢"). */
const describe = (ticket: OrderTicket) => `${ticket.side} ${formatSize(ticket.size ?? '0')} at ${formatPrice(ticket.price, ticket.price)}`;

function AmendAnswer({ result }: { result: AmendResult }) {
  const restore = useBridgeAction(api.placeOrder);
  const [restored, setRestored] = useState<PlacedOrder | null>(null);
  const putBack = () => void restore.run({ ticket: result.previous }).then((answer) => answer?.ok && setRestored(answer.value));
  return (
    <div className="amend-answer" data-testid="amend-result" data-state={result.state}>
      <p className={result.state === 'amended' ? 'success-note' : 'action-error'} role={result.state === 'amended' ? 'status' : 'alert'} data-testid="amend-message">
        {formatSentence(result.parts)}
      </p>
      <dl className="amend-halves">
        <div>
          <dt>Cancel</dt>
          <dd data-testid="amend-cancel">{result.cancel.canceled ? 'Cancelled' : `Not cancelled — ${result.cancel.reason ?? 'no reason given'}`}</dd>
        </div>
        <div>
          <dt>New order</dt>
          <dd data-testid="amend-new">{result.placed ? (result.placed.success ? `${result.placed.status || 'sent'} · ${describe(result.replacement)}` : 'Refused') : 'Not placed'}</dd>
        </div>
      </dl>
      {result.state === 'replacement-refused' ? (
        <div className="amend-restore">
          <button type="button" className="button" disabled={restore.pending || restored?.success === true} onClick={putBack} data-testid="amend-restore">
            {restore.pending ? 'Placing…' : `Place the old order again (${describe(result.previous)})`}
          </button>
          <ActionError error={restore.error} testId="amend-restore-error" />
          {restored ? <TicketResult placed={restored} onResend={putBack} resending={restore.pending} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function AmendForm({ order, startPrice, onClose }: { order: OpenOrderView; startPrice: string | null; onClose: () => void }) {
  const tick = useBookStore((s) => s.books[order.assetId]?.tickSize) ?? null;
  const shown = (price: string) => (tick ? priceText(price, tick) : price);
  const open = remainingSize(order);
  const [price, setPrice] = useState(shown(startPrice ?? order.price));
  const [size, setSize] = useState(String(open));
  // The order's own flag (main knows it for orders placed here since it started); unknown reads as off.
  const ownPostOnly = order.postOnly ?? false;
  const [postOnly, setPostOnly] = useState(ownPostOnly);
  const amend = useBridgeAction(api.amendOrder);
  const [result, setResult] = useState<AmendResult | null>(null);

  const priceChanged = DECIMAL.test(price.trim()) && priceKey(price.trim()) !== priceKey(order.price);
  const sizeChanged = DECIMAL.test(size.trim()) && Number(size) !== open;
  const invalid = !DECIMAL.test(price.trim()) ? 'The price must be a decimal number like 0.45.' : !DECIMAL.test(size.trim()) ? 'The size must be a decimal number like 10.' : null;
  const flagChanged = postOnly !== ownPostOnly;
  const unchanged = !invalid && !priceChanged && !sizeChanged && !flagChanged;
  const changes = [
    // Both sides in the user's style; the order's own market tick when its book is not open.
    ...(priceChanged ? [`price ${formatPrice(order.price, tick ?? order.tickSize)} → ${formatPrice(price.trim(), tick ?? order.tickSize)}`] : []),
    ...(sizeChanged ? [`size ${formatSize(open)} → ${formatSize(size.trim())}`] : []),
    ...(flagChanged ? [`post-only ${ownPostOnly ? 'on' : 'off'} → ${postOnly ? 'on' : 'off'}`] : []),
  ];
  const submit = () => {
    if (invalid || unchanged || amend.pending) return;
    const change = { orderId: order.id, ...(priceChanged ? { price: price.trim() } : {}), ...(sizeChanged ? { size: size.trim() } : {}), ...(flagChanged ? { postOnly } : {}) };
    // guardrails: the replacement may be the first order on a live network; explained before it is signed.
    void amend.run(change).then((answer) => answer?.ok && setResult(answer.value));
  };
  const onPriceKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!tick || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const next = stepPrice(price, tick, (event.key === 'ArrowUp' ? 1 : -1) * (event.shiftKey ? 10 : 1), order.price);
    if (next !== null) setPrice(next);
  };

  if (result) {
    return (
      <>
        <AmendAnswer result={result} />
        <div className="form-actions">
          <button type="button" className="button" data-autofocus onClick={onClose} data-testid="amend-close">
            Close
          </button>
        </div>
      </>
    );
  }
  return (
    <form
      className="amend-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="amend-current" data-testid="amend-current">
        <span className={order.side === 'BUY' ? 'tone-bid' : 'tone-ask'}>{order.side}</span> {order.outcome} · {formatSize(open)} open of {formatSize(order.originalSize)} at{' '}
        <span className="num">{formatPrice(order.price, tick ?? order.price)}</span>
      </p>
      <label className="ticket-field">
        <span className="field-label">New price</span>
        <input className="input num" inputMode="decimal" autoComplete="off" spellCheck={false} value={price} onChange={(e) => setPrice(e.target.value)} onKeyDown={onPriceKey} data-autofocus data-testid="amend-price" />
      </label>
      <label className="ticket-field">
        <span className="field-label">New size</span>
        <input className="input num" inputMode="decimal" autoComplete="off" spellCheck={false} value={size} onChange={(e) => setSize(e.target.value)} data-testid="amend-size" />
      </label>
      <label className="check" title="The replacement is refused instead of filling at once; the old order is then kept">
        <input type="checkbox" checked={postOnly} onChange={(e) => setPostOnly(e.target.checked)} data-testid="amend-post-only" />
        Post-only: keep it resting (nothing is cancelled if the new price would fill)
      </label>
      <p className="muted" data-testid="amend-own-flag" data-post-only={order.postOnly ?? 'unknown'}>
        {order.postOnly === undefined ? 'This order’s post-only flag is not known (placed elsewhere or before the app started): the replacement is placed as ticked here.' : `This order was placed ${order.postOnly ? 'post-only' : 'without post-only'}; the replacement keeps that unless you change it.`}
      </p>
      {changes.length > 0 && !invalid ? (
        <p className="amend-changes" data-testid="amend-changes">
          Changes: {changes.join(' · ')}
        </p>
      ) : null}
      <p className="muted">The order is cancelled and placed again at the new terms, losing its place in the queue. The replacement is checked first; if it is refused after the cancel anyway, you are told and can put the old order back.</p>
      {invalid || unchanged ? (
        <p className="ticket-send-reason" data-testid="amend-reason">
          {invalid ?? 'Change the price, the size or the post-only flag to amend.'}
        </p>
      ) : null}
      <ActionError error={amend.error} testId="amend-error" purpose="Unlock the vault to amend orders." />
      <div className="form-actions">
        <button type="submit" className={`button ${order.side === 'BUY' ? 'button-buy' : 'button-sell'}`} disabled={invalid !== null || unchanged || amend.pending} data-testid="amend-submit">
          {amend.pending ? 'Amending…' : 'Amend order'}
        </button>
        <button type="button" className="button" onClick={onClose} disabled={amend.pending}>
          Keep as is
        </button>
      </div>
    </form>
  );
}

/** Mounted once in Trade; opens for whichever order `useAmendStore` names. */
export function AmendOrderDialog() {
  const orderId = useAmendStore((s) => s.orderId);
  const startPrice = useAmendStore((s) => s.price);
  const close = useAmendStore((s) => s.close);
  const order = useOpenOrdersStore((s) => s.orders.find((o) => o.id === orderId) ?? null);
  // The order as it was when the dialog opened: it leaves the open orders the moment it is amended.
  const [held, setHeld] = useState<{ id: string; order: OpenOrderView } | null>(null);
  if (order && held?.id !== order.id) setHeld({ id: order.id, order });
  if (orderId === null) return null;
  const shown = held?.id === orderId ? held.order : order;
  return (
    <Dialog title="Amend order" onClose={close} testId="amend-dialog">
      {shown ? (
        <AmendForm key={`${orderId}|${startPrice ?? ''}`} order={shown} startPrice={startPrice} onClose={close} />
      ) : (
        <>
          <p data-testid="amend-gone">This order is no longer working (filled, cancelled or expired): there is nothing to amend.</p>
          <div className="form-actions">
            <button type="button" className="button" data-autofocus onClick={close}>
              Close
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
