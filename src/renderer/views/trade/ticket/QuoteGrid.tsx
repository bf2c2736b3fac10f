/**
 * A quote grid: up to 15 limit orders in one `POST /orders` request — N levels from a start
 * price, K ticks apart, away from the spread, all the same size and side. Main checks every
 * level (and their funds together) before the confirmation; a level it would refuse is named
 * there and nothing is asked. Each order's answer is listed, refusals with the exchange's sentence.
 */
import { useState } from 'react';
import { MAX_ORDERS_PER_BATCH } from '../../../../shared/orders/orderSchema';
import type { BridgeError } from '../../../../shared/result';
import type { OrderPreview, OrderSide, OrderTicket, PlacedOrder } from '../../../../shared/tradingViews';
import type { OrderBookView } from '../../../../shared/viewModels';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { useScopedResult } from '../../../hooks/useScopedResult';
import { gridPrices } from '../../../lib/ticks';
import { useTradingBlock } from '../../../stores/tradingAccess';
import { modeRefusal, selectTradingState, useTradingStateStore } from '../../../stores/tradingStateStore';
import type { TradeTarget } from '../../../stores/tradeTargetStore';
import { GridCheck, gridPasses } from './GridCheck';
import { GridConfirmDialog } from './GridConfirmDialog';
import { QuoteResults } from './QuoteResults';
import { TicketBlockedNote } from './TicketBlockedNote';
import { formatNumber, formatPrice } from '../../../lib/format';

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const GRID_RESULT = 'grid.place';
type GridResult = { results: PlacedOrder[]; error: null; at: number } | { results: null; error: BridgeError; at: number };

export function QuoteGrid({ target, book }: { target: TradeTarget; book: OrderBookView | undefined }) {
  const tick = book?.tickSize ?? target.tickSize;
  const [side, setSide] = useState<OrderSide>('BUY');
  const [start, setStart] = useState('');
  const [step, setStep] = useState('1');
  const [levels, setLevels] = useState('5');
  const [size, setSize] = useState('');
  const [postOnly, setPostOnly] = useState(true);
  const [confirming, setConfirming] = useState<OrderPreview[] | null>(null);
  // main's check of the grid as it stands; an edit makes it stale (its key no longer matches).
  const [checked, setChecked] = useState<{ key: string; previews: OrderPreview[] } | null>(null);
  // The batch's answer belongs to this account and this outcome (actionResultsStore).
  const gridResult = useScopedResult<GridResult>(GRID_RESULT, target.tokenId);
  const block = useTradingBlock();
  const refusal = modeRefusal(useTradingStateStore(selectTradingState));
  const check = useBridgeAction(api.previewOrders);
  const place = useBridgeAction(api.placeOrders);

  const count = Math.min(MAX_ORDERS_PER_BATCH, Math.max(0, Math.floor(Number(levels) || 0)));
  const stepTicks = Math.max(0, Math.floor(Number(step) || 0));
  const prices = DECIMAL.test(start.trim()) ? gridPrices(start.trim(), tick, stepTicks, count, side) : [];
  const missing =
    !DECIMAL.test(start.trim()) ? 'Enter the start price.'
    : stepTicks < 1 ? 'The step is a whole number of ticks, at least 1.'
    : count < 1 ? `Choose 1 to ${MAX_ORDERS_PER_BATCH} levels.`
    : !DECIMAL.test(size.trim()) ? 'Enter the size of each order.'
    : prices.length < count ? `Only ${formatNumber(prices.length)} of the ${formatNumber(count)} levels fit between the tick and 1 − tick.`

    : null;
  const tickets: OrderTicket[] = prices.map((price) => ({ tokenId: target.tokenId, side, orderType: 'GTC', price, size: size.trim(), ...(postOnly ? { postOnly: true } : {}) }));
  const reason = block?.reason ?? missing ?? refusal;
  const key = JSON.stringify(tickets);
  const findings = checked?.key === key ? checked.previews : null;

  const checkThenConfirm = async () => {
    gridResult.clear();
    const answer = await check.run({ tickets });
    if (!answer?.ok) return;
    setChecked({ key, previews: answer.value });
    if (!gridPasses(answer.value)) return;
    if (answer.value.some((p) => p.needsConfirmation)) setConfirming(answer.value);
    else void send(tickets);
  };

  const send = async (batch: OrderTicket[]) => {
    gridResult.clear();
    const result = await place.run({ tickets: batch });
    setConfirming(null);
    if (result) gridResult.publish(result.ok ? { results: result.value, error: null, at: Date.now() } : { results: null, error: result.error, at: Date.now() });
  };

  return (
    <form
      className="ticket quote-grid"
      data-testid="quote-grid"
      aria-label="Quote grid"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason || place.pending || check.pending) return;
        void checkThenConfirm();
      }}
    >
      <div className="side-toggle" role="group" aria-label="Side">
        <button type="button" className="side-button side-buy" aria-pressed={side === 'BUY'} onClick={() => setSide('BUY')} data-testid="grid-side-buy">
          Buy ladder
        </button>
        <button type="button" className="side-button side-sell" aria-pressed={side === 'SELL'} onClick={() => setSide('SELL')} data-testid="grid-side-sell">
          Sell ladder
        </button>
      </div>
      <div className="grid-fields">
        <label className="ticket-field">
          <span className="field-label">Start price</span>
          <input className="input num" inputMode="decimal" value={start} placeholder={(side === 'BUY' ? book?.bestBid : book?.bestAsk) ?? ''} onChange={(e) => setStart(e.target.value)} data-testid="grid-start-price" />
        </label>
        <label className="ticket-field">
          <span className="field-label">Step (ticks)</span>
          <input className="input num" inputMode="numeric" value={step} onChange={(e) => setStep(e.target.value)} data-testid="grid-step" />
        </label>
        <label className="ticket-field">
          <span className="field-label">Levels (≤{MAX_ORDERS_PER_BATCH})</span>
          <input className="input num" inputMode="numeric" value={levels} onChange={(e) => setLevels(e.target.value)} data-testid="grid-levels" />
        </label>
        <label className="ticket-field">
          <span className="field-label">Size each</span>
          <input className="input num" inputMode="decimal" value={size} placeholder={book?.minOrderSize ?? target.minOrderSize} onChange={(e) => setSize(e.target.value)} data-testid="grid-size" />
        </label>
      </div>
      <label className="check">
        <input type="checkbox" checked={postOnly} onChange={(e) => setPostOnly(e.target.checked)} data-testid="grid-post-only" />
        Post-only GTC <span className="muted">(none may cross the book)</span>
      </label>
      <p className="grid-prices num" data-testid="grid-prices" data-count={prices.length}>
        {prices.length > 0 ? `${side} ${target.outcome}: ${prices.map((price) => formatPrice(price, tick)).join(' · ')}` : `Levels go ${side === 'BUY' ? 'down' : 'up'} from the start price, away from the spread.`}
      </p>
      {block ? <TicketBlockedNote block={block} testId="grid-blocked" /> : null}
      <button type="submit" className={`button ticket-send ${side === 'BUY' ? 'button-buy' : 'button-sell'}`} disabled={reason !== null || place.pending || check.pending} data-testid="grid-submit">
        {place.pending ? 'Sending…' : check.pending ? 'Checking…' : `Place ${formatNumber(count)} order${count === 1 ? '' : 's'} in one request`}
      </button>
      {reason && !block ? (
        <p className="ticket-send-reason" data-testid="grid-reason">
          {reason}
        </p>
      ) : null}
      {findings ? <GridCheck previews={findings} /> : null}
      <ActionError error={check.error} testId="grid-check-error" />
      <ActionError error={gridResult.value?.error ?? null} testId="grid-error" purpose="Unlock the vault to sign orders." />
      {gridResult.value?.results ? <QuoteResults results={gridResult.value.results} tickSize={tick} answeredAt={gridResult.value.at} /> : null}
      {confirming ? (
        <GridConfirmDialog previews={confirming} target={target} pending={place.pending} onConfirm={() => void send(confirming.map((p) => p.ticket))} onClose={() => setConfirming(null)} />
      ) : null}
    </form>
  );
}
