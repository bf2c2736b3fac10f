/**
 * The price ladder of the traded outcome: asks over bids around the spread line, with size,
 * cumulative depth and the account's own resting size marked at its levels. Clicking a level
 * puts its price in the ticket; the level the ticket is priced at is highlighted.
 */
import { useMemo } from 'react';
import type { OrderBookView } from '../../../shared/viewModels';
import { deepest, ladder, type LadderLevel } from '../../lib/depth';
import { formatPrice } from '../../lib/format';
import { priceKey, priceText } from '../../lib/ticks';
import { ownLevels, selectOpenOrders, useOpenOrdersStore, type OwnLevel } from '../../stores/openOrdersStore';
import { useTicketStore } from '../../stores/ticketStore';
import { LadderRow } from './LadderRow';

export const TRADE_LADDER_DEPTH = 12;

interface PriceLadderProps {
  book: OrderBookView;
  tokenId: string;
  outcome: string;
}

function Fillers({ count }: { count: number }) {
  return Array.from({ length: Math.max(0, count) }, (_, index) => <div key={`filler-${index}`} className="tl-row tl-filler" aria-hidden="true" />);
}

interface SideProps {
  side: 'bid' | 'ask';
  levels: LadderLevel[];
  max: number;
  tickSize: string;
  own: Map<string, OwnLevel>;
  ticketKey: string;
  onPick: (price: string) => void;
}

function Side({ side, levels, max, tickSize, own, ticketKey, onPick }: SideProps) {
  return levels.map((level) => {
    const key = priceKey(level.price);
    const mine = own.get(key);
    return (
      <LadderRow
        key={key}
        side={side}
        price={level.price}
        size={level.size}
        cumulative={level.cumulative}
        depthFraction={max > 0 ? level.cumulative / max : 0}
        tickSize={tickSize}
        ownSize={mine?.size ?? 0}
        ownCount={mine?.count ?? 0}
        atTicket={key === ticketKey}
        onPick={onPick}
      />
    );
  });
}

export function PriceLadder({ book, tokenId, outcome }: PriceLadderProps) {
  const orders = useOpenOrdersStore(selectOpenOrders);
  const own = useMemo(() => ownLevels(orders, tokenId), [orders, tokenId]);
  const ticketPrice = useTicketStore((s) => s.price);
  const setTicket = useTicketStore((s) => s.set);
  const tick = book.tickSize;
  const asks = ladder(book.asks, TRADE_LADDER_DEPTH);
  const bids = ladder(book.bids, TRADE_LADDER_DEPTH);
  const max = deepest(asks, bids);
  const ticketKey = ticketPrice ? priceKey(ticketPrice) : '';
  const onPick = (price: string) => setTicket({ price: priceText(price, tick) });
  const ownTotal = [...own.bids.values(), ...own.asks.values()].reduce((sum, level) => sum + level.count, 0);

  return (
    <div className="tl" role="table" aria-label={`${outcome} price ladder`} data-testid="trade-ladder" data-own-orders={ownTotal}>
      <div role="row" className="tl-row tl-head">
        <span role="columnheader" title="Your open orders at this price (shares still open)">
          Mine
        </span>
        <span role="columnheader" className="tl-price">
          Price
        </span>
        <span role="columnheader">Size</span>
        <span role="columnheader">Total</span>
      </div>
      <div role="rowgroup" className="tl-side" data-testid="trade-ladder-asks">
        <Fillers count={TRADE_LADDER_DEPTH - asks.length} />
        <Side side="ask" levels={[...asks].reverse()} max={max} tickSize={tick} own={own.asks} ticketKey={ticketKey} onPick={onPick} />
      </div>
      <div role="row" className="tl-row tl-spread" data-testid="trade-ladder-spread">
        <span role="cell" />
        <span role="cell" className="tl-price num">
          {formatPrice(book.spread, tick)}
        </span>
        <span role="cell" className="muted">
          spread
        </span>
        <span role="cell" className="muted num">
          mid {formatPrice(book.midpoint, tick)}
        </span>
      </div>
      <div role="rowgroup" className="tl-side" data-testid="trade-ladder-bids">
        <Side side="bid" levels={bids} max={max} tickSize={tick} own={own.bids} ticketKey={ticketKey} onPick={onPick} />
        <Fillers count={TRADE_LADDER_DEPTH - bids.length} />
      </div>
    </div>
  );
}
