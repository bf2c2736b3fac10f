/**
 * The order ticket: side, type, limit price (arrow keys step one tick, Shift ten), size in
 * shares or USD (market BUY only), GTD expiry, post-only; a live preview of what will be signed;
 * Send (or Enter) with an optional confirmation; and the exchange's answer.
 */
import { useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { OrderPreview, OrderTicket as Ticket, PlacedOrder } from '../../../../shared/tradingViews';
import type { OrderBookView } from '../../../../shared/viewModels';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { stepPrice } from '../../../lib/ticks';
import { selectActiveAccount, useAccountsStore } from '../../../stores/accountsStore';
import { useBalanceStore } from '../../../stores/balanceStore';
import { postOnlyAllowed, usdAllowed, useTicketStore } from '../../../stores/ticketStore';
import { useTradingBlock } from '../../../stores/tradingAccess';
import { selectTradingState, useTradingStateStore } from '../../../stores/tradingStateStore';
import type { TradeTarget } from '../../../stores/tradeTargetStore';
import { CredentialsCreatedNote } from '../onboarding/CredentialsStep';
import { ConfirmOrderDialog } from './ConfirmOrderDialog';
import { sendBlock } from './sendBlock';
import { useRiskStore } from '../../../stores/riskStore';
import { TicketBlockedNote } from './TicketBlockedNote';
import { TicketPreview } from './TicketPreview';
import { TicketResult } from './TicketResult';
import { draftTicket, expiryFromNow } from './ticketModel';
import { usePreview } from './usePreview';
import { formatPrice, formatSize, formatUsd } from '../../../lib/format';

const ORDER_TYPES = ['GTC', 'GTD', 'FOK', 'FAK'] as const;
/** What the send button names: "$25.00" by amount, "10.00" shares. */
const sendQuantity = (ticket: Ticket) => (ticket.amount !== undefined ? `$${formatUsd(ticket.amount)}` : formatSize(ticket.size ?? '0'));

const TYPE_HELP: Record<(typeof ORDER_TYPES)[number], string> = {
  GTC: 'Good till cancelled: rests on the book until filled or cancelled.',
  GTD: 'Good till date: rests until filled, cancelled or the expiry.',
  FOK: 'Fill or kill: fills completely now, or not at all.',
  FAK: 'Fill and kill: fills what it can now, the rest is cancelled.',
};

interface OrderTicketProps {
  target: TradeTarget;
  book: OrderBookView | undefined;
}

export function OrderTicket({ target, book }: OrderTicketProps) {
  const inputs = useTicketStore(
    useShallow((s) => ({ side: s.side, orderType: s.orderType, price: s.price, unit: s.unit, size: s.size, amount: s.amount, expiry: s.expiry, postOnly: s.postOnly })),
  );
  const setInputs = useTicketStore((s) => s.set);
  const block = useTradingBlock();
  const tradingState = useTradingStateStore(selectTradingState);
  const tradingRevision = useTradingStateStore((s) => s.revision);
  const balanceRevision = useBalanceStore((s) => s.revision);
  const riskRevision = useRiskStore((s) => s.limitsRevision);
  const account = useAccountsStore(selectActiveAccount);
  const tick = book?.tickSize ?? target.tickSize;
  const minSize = book?.minOrderSize ?? target.minOrderSize;

  const draft = draftTicket(inputs, target.tokenId);
  const answer = usePreview(draft.ticket, draft.key, block === null, `${tradingRevision}|${balanceRevision}|${riskRevision}|${account?.id ?? ''}`);
  const preview = answer?.preview ?? null;
  const blocked = sendBlock(block, draft.missing, tradingState, answer);

  const place = useBridgeAction(api.placeOrder);
  const [confirming, setConfirming] = useState<OrderPreview | null>(null);
  // Each answer gets a sequence number, so an old answer is never mistaken for the new one.
  const [outcome, setOutcome] = useState<{ seq: number; placed: PlacedOrder | null }>({ seq: 0, placed: null });
  const placed = outcome.placed;

  const send = async (ticket: Ticket) => {
    const result = await place.run({ ticket });
    setConfirming(null);
    if (result) setOutcome((held) => ({ seq: held.seq + 1, placed: result.ok ? result.value : null }));
  };
  const submit = async () => {
    if (blocked || !preview || place.pending) return;
    if (preview.needsConfirmation) setConfirming(preview);
    else void send(preview.ticket);
  };

  const step = (ticks: number) => {
    const fallback = (inputs.side === 'BUY' ? book?.bestBid : book?.bestAsk) ?? book?.midpoint ?? '0.5';
    const next = stepPrice(inputs.price, tick, ticks, fallback);
    if (next !== null) setInputs({ price: next });
  };
  const onPriceKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    step((event.key === 'ArrowUp' ? 1 : -1) * (event.shiftKey ? 10 : 1));
  };

  const inUsd = inputs.unit === 'usd' && usdAllowed(inputs);
  const buy = inputs.side === 'BUY';

  return (
    <form
      className="ticket"
      data-testid="ticket"
      data-side={inputs.side}
      aria-label="Order ticket"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="side-toggle" role="group" aria-label="Side">
        <button type="button" className="side-button side-buy" aria-pressed={buy} onClick={() => setInputs({ side: 'BUY' })} data-testid="ticket-side-buy">
          Buy <kbd>B</kbd>
        </button>
        <button type="button" className="side-button side-sell" aria-pressed={!buy} onClick={() => setInputs({ side: 'SELL' })} data-testid="ticket-side-sell">
          Sell <kbd>S</kbd>
        </button>
      </div>

      <div className="ticket-row">
        <span className="field-label">Type</span>
        <div className="segmented" role="group" aria-label="Order type">
          {ORDER_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="segment"
              aria-pressed={inputs.orderType === type}
              title={TYPE_HELP[type]}
              onClick={() => setInputs({ orderType: type, ...(type === 'GTD' && !inputs.expiry ? { expiry: expiryFromNow(60) } : {}) })}
              data-testid={`ticket-type-${type}`}
            >
              {type}
            </button>
          ))}
        </div>
      </div>
      <p className="ticket-hint">{TYPE_HELP[inputs.orderType]}</p>

      <label className="ticket-field">
        <span className="field-label" title={inputs.orderType === 'FOK' || inputs.orderType === 'FAK' ? 'The worst price this market order accepts' : undefined}>
          {inputs.orderType === 'FOK' || inputs.orderType === 'FAK' ? 'Worst price' : 'Price'}
        </span>
        <input
          className="input num"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={book?.midpoint ?? '0.50'}
          value={inputs.price}
          onChange={(event) => setInputs({ price: event.target.value })}
          onKeyDown={onPriceKey}
          data-ticket-input
          data-testid="ticket-price"
        />
        <span className="segmented segmented-small" role="group" aria-label="Step the price">
          <button type="button" className="segment" onClick={() => step(-1)} title={`One tick down (${formatPrice(tick, tick)}); Shift+↓ for ten`} data-testid="ticket-price-down">
            −
          </button>
          <button type="button" className="segment" onClick={() => step(1)} title={`One tick up (${formatPrice(tick, tick)}); Shift+↑ for ten`} data-testid="ticket-price-up">
            +
          </button>
        </span>
      </label>

      <label className="ticket-field">
        <span className="field-label">{inUsd ? 'Amount' : 'Size'}</span>
        <input
          className="input num"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={inUsd ? '25' : minSize}
          value={inUsd ? inputs.amount : inputs.size}
          onChange={(event) => setInputs(inUsd ? { amount: event.target.value } : { size: event.target.value })}
          data-ticket-input
          data-testid={inUsd ? 'ticket-amount' : 'ticket-size'}
        />
        <span className="segmented segmented-small" role="group" aria-label="Size unit">
          <button type="button" className="segment" aria-pressed={!inUsd} onClick={() => setInputs({ unit: 'shares' })} data-testid="ticket-unit-shares">
            sh
          </button>
          <button
            type="button"
            className="segment"
            aria-pressed={inUsd}
            disabled={!usdAllowed(inputs)}
            title={usdAllowed(inputs) ? 'Spend an amount in USD' : 'USD amounts are for market BUY orders (FOK or FAK)'}
            onClick={() => setInputs({ unit: 'usd' })}
            data-testid="ticket-unit-usd"
          >
            USD
          </button>
        </span>
      </label>

      <p className="ticket-hint num" data-testid="ticket-tick-hint">
        tick {formatPrice(tick, tick)} · min {formatSize(minSize)} sh · ↑/↓ one tick, Shift ten
      </p>

      {inputs.orderType === 'GTD' ? (
        <label className="ticket-field">
          <span className="field-label">Expires</span>
          <input
            className="input num"
            type="datetime-local"
            value={inputs.expiry}
            onChange={(event) => setInputs({ expiry: event.target.value })}
            data-testid="ticket-expiry"
          />
        </label>
      ) : null}

      <label className={`check${postOnlyAllowed(inputs.orderType) ? '' : ' check-disabled'}`} title="Refused instead of crossing the book: the order only ever adds liquidity">
        <input
          type="checkbox"
          checked={inputs.postOnly && postOnlyAllowed(inputs.orderType)}
          disabled={!postOnlyAllowed(inputs.orderType)}
          onChange={(event) => setInputs({ postOnly: event.target.checked })}
          data-testid="ticket-post-only"
        />
        Post-only <span className="muted">(GTC/GTD)</span>
      </label>

      {block ? <TicketBlockedNote block={block} actions /> : null}
      <CredentialsCreatedNote account={account} />
      {preview ? <TicketPreview preview={preview} pending={false} /> : null}

      <button
        type="submit"
        className={`button ticket-send ${buy ? 'button-buy' : 'button-sell'}`}
        disabled={blocked !== null || place.pending}
        data-testid="ticket-send"
        title="Enter sends from any ticket field"
      >
        {place.pending ? 'Sending…' : `${buy ? 'Buy' : 'Sell'} ${target.outcome}${draft.ticket ? ` · ${sendQuantity(draft.ticket)} @ ${formatPrice(draft.ticket.price, tick)}` : ''}`}
      </button>
      {blocked && blocked.kind !== 'account' ? (
        <p className="ticket-send-reason" data-testid="ticket-send-reason" data-kind={blocked.kind}>
          {blocked.reason}
        </p>
      ) : null}
      <div className="ticket-outcome" data-testid="ticket-outcome" data-seq={outcome.seq} aria-live="polite">
        <ActionError error={place.error} testId="ticket-error" purpose="Unlock the vault to sign orders." />
        {placed && !place.pending ? <TicketResult placed={placed} onResend={() => void send(placed.ticket)} resending={place.pending} /> : null}
      </div>

      {confirming ? (
        <ConfirmOrderDialog
          preview={confirming}
          outcome={target.outcome}
          question={target.question}
          accountLabel={account?.label ?? ''}
          pending={place.pending}
          onConfirm={() => void send(confirming.ticket)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </form>
  );
}
