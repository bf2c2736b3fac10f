/**
 * Flatten the traded outcome: cancel its working orders (sells hold the shares, buys would open
 * the position again), then sell every share held as fill-and-kill down to the price the book
 * can absorb them at. Always asked first, whatever the confirmation setting: it acts on the whole
 * position at market. Both halves are answered here.
 */
import { useState } from 'react';
import type { BridgeError } from '../../../shared/result';
import type { PlacedOrder } from '../../../shared/tradingViews';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { Dialog } from '../../components/Dialog';
import { formatNumber, formatPrice, formatSize } from '../../lib/format';
import { useBalanceStore } from '../../stores/balanceStore';
import { useBookStore } from '../../stores/bookStore';
import { useOpenOrdersStore, type CancelAnswer } from '../../stores/openOrdersStore';
import type { TradeTarget } from '../../stores/tradeTargetStore';
import { CancelOutcome } from './tables/CancelOutcome';
import { TicketResult } from './ticket/TicketResult';

/** Shares as the exchange takes them: two decimals, rounded down (never more than is held). */
const sellable = (balance: string | undefined): string => {
  const [whole = '0', fraction = ''] = (balance ?? '0').split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

/** The lowest bid the sale reaches, walking the book from the best bid; null when there are no bids. */
function worstBid(bids: ReadonlyArray<{ price: string; size: string }>, shares: number): string | null {
  let total = 0;
  for (const level of bids) {
    total += Number(level.size);
    if (total >= shares) return level.price;
  }
  return bids[bids.length - 1]?.price ?? null;
}

export function FlattenDialog({ target, onClose }: { target: TradeTarget; onClose: () => void }) {
  const held = useBalanceStore((s) => (s.balance?.conditional?.tokenId === target.tokenId ? s.balance.conditional.balance : undefined));
  const orderIds = useOpenOrdersStore((s) => s.orders.filter((o) => o.assetId === target.tokenId).map((o) => o.id).join(','));
  const book = useBookStore((s) => s.books[target.tokenId]);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<{ cancelled: CancelAnswer | null; placed: PlacedOrder | null; error: BridgeError | null } | null>(null);
  const ids = orderIds === '' ? [] : orderIds.split(',');
  const shares = sellable(held);
  const hasShares = Number(shares) > 0;
  const worst = book && hasShares ? worstBid(book.bids, Number(shares)) : null;
  const tick = book?.tickSize ?? target.tickSize;
  const nothing = ids.length === 0 && !hasShares;

  const run = async () => {
    setPending(true);
    let cancelled: CancelAnswer | null = null;
    if (ids.length > 0) {
      const result = await api.cancelOrders({ orderIds: ids });
      if (!result.ok) {
        setPending(false);
        setDone({ cancelled: null, placed: null, error: result.error });
        return;
      }
      cancelled = { what: 'Cancel', ...result.value };
    }
    let placed: PlacedOrder | null = null;
    let error: BridgeError | null = null;
    if (hasShares && worst !== null) {
      const result = await api.placeOrder({ ticket: { tokenId: target.tokenId, side: 'SELL', orderType: 'FAK', price: worst, size: shares } });
      if (result.ok) placed = result.value;
      else error = result.error;
    }
    setPending(false);
    setDone({ cancelled, placed, error });
  };

  return (
    <Dialog title={`Flatten ${target.outcome}?`} onClose={onClose} busy={pending} testId="flatten-dialog">
      {done ? (
        <div data-testid="flatten-result">
          {done.cancelled ? <CancelOutcome answer={done.cancelled} onClose={onClose} /> : null}
          {done.placed ? <TicketResult placed={done.placed} onResend={() => void run()} resending={pending} /> : null}
          <ActionError error={done.error} testId="flatten-error" />
          <div className="form-actions">
            <button type="button" className="button" data-autofocus onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <>
          <ul className="flatten-steps" data-testid="flatten-plan">
            <li>{ids.length > 0 ? `Cancel your ${formatNumber(ids.length)} working order${ids.length === 1 ? '' : 's'} for ${target.outcome}.` : `No working orders for ${target.outcome}.`}</li>
            <li>
              {!hasShares
                ? `No ${target.outcome} shares held.`
                : worst === null
                  ? `Sell ${formatSize(shares)} shares: there are no bids to sell into now.`
                  : `Sell ${formatSize(shares)} shares at market: fill and kill, down to ${formatPrice(worst, tick)}; what the bids cannot take stays held.`}
            </li>
          </ul>
          <div className="form-actions">
            <button type="button" className="button button-danger" disabled={pending || nothing} data-autofocus onClick={() => void run()} data-testid="flatten-submit">
              {pending ? 'Flattening…' : 'Flatten'}
            </button>
            <button type="button" className="button" onClick={onClose} disabled={pending}>
              Keep position
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
