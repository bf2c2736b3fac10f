/**
 * The DOM ladder, one component for Markets and Trade: every price on the tick in a window
 * around the touch (empty levels too), bid sizes left of the price and ask sizes right of it,
 * your working orders beside them (Trade). The window stays put while the touch moves inside it
 * — a price under the pointer must not jump — and recentres when the touch leaves it, on the
 * Centre button, or on C. Rows are focusable (one tab stop): ↑/↓ move (scrolling the window at
 * its edges), PgUp/PgDn ten, ←/→ pick the bid, price or ask column, Enter acts on it, A amends
 * your order at that price. What acting means is the caller's (`onAction`).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useBookStore, type BookState } from '../../stores/bookStore';
import { useOpenOrdersStore } from '../../stores/openOrdersStore';
import { priceText } from '../../lib/ticks';
import { useLadderCommands } from './ladderCommands';
import { foldedTicks, ladderPrices, shiftCentre, spreadFold, touchCentre, touchLeftWindow, type LadderRow } from './ladderWindow';
import { ownIndex } from './levelIndex';
import { LadderPainter } from './ladderPainter';
import { LadderLevelRow, type LadderColumn } from './LadderLevelRow';

export interface LadderAction {
  column: LadderColumn;
  /** The price on the tick, as the ticket shows it ("0.450"). */
  price: string;
}

export interface DomLadderProps {
  tokenId: string;
  outcome: string;
  /** The catalog's tick until the first book brings the live one. */
  tickSize: string;
  rows: number;
  variant: 'markets' | 'trade';
  onAction: (action: LadderAction) => void;
  /** Amend one of your orders, optionally to a new price (drag, or A on its row). */
  onAmend?: (orderId: string, price: string | null) => void;
}

const TEST_IDS = {
  markets: { root: 'book-table', row: 'book-level' },
  trade: { root: 'trade-ladder', row: 'ladder-level' },
} as const;

export function DomLadder({ tokenId, outcome, tickSize, rows, variant, onAction, onAmend }: DomLadderProps) {
  const tick = useBookStore((s) => s.books[tokenId]?.tickSize) ?? tickSize;
  const [centre, setCentre] = useState<string | null>(() => {
    const book = useBookStore.getState().books[tokenId];
    return book ? touchCentre(book) : null;
  });
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [column, setColumn] = useState<LadderColumn>('price');
  // A spread too wide for the window folds (ladderWindow.spreadFold); then the rows follow the touch.
  const touch = useBookStore((s) => {
    const book = s.books[tokenId];
    return book && spreadFold(book.bestBid, book.bestAsk, book.tickSize, rows) ? `${book.bestBid}|${book.bestAsk}` : '';
  });
  const prices: LadderRow[] = useMemo(() => {
    if (touch !== '') {
      const [bid = null, ask = null] = touch.split('|');
      return spreadFold(bid, ask, tick, rows) ?? [];
    }
    return centre === null ? [] : ladderPrices(centre, tick, rows);
  }, [touch, centre, tick, rows]);
  const rootRef = useRef<HTMLDivElement>(null);
  const pricesRef = useRef(prices);
  const centreRef = useRef(centre);
  useEffect(() => {
    pricesRef.current = prices;
    centreRef.current = centre;
  }, [prices, centre]);

  // Every published book: the painter writes what changed into the rows, outside React, and the
  // window recentres when the touch left it — so an update inside the window renders nothing.
  const [painter] = useState(() => new LadderPainter(useBookStore.getState().books[tokenId]));
  useEffect(() => {
    const follow = (s: BookState) => {
      const book = s.books[tokenId];
      painter.paint(book);
      if (book && (centreRef.current === null || touchLeftWindow(pricesRef.current, book))) setCentre(touchCentre(book));
    };
    follow(useBookStore.getState());
    return useBookStore.subscribe(follow);
  }, [tokenId, painter]);

  const middle = Math.floor(prices.length / 2);
  const recentre = useCallback(() => {
    const book = useBookStore.getState().books[tokenId];
    setCentre(touchCentre(book));
    setFocusIndex(null);
  }, [tokenId]);
  useEffect(() => useLadderCommands.subscribe((s, before) => {
    if (s.recentreSeq !== before.recentreSeq) recentre();
    if (s.focusSeq !== before.focusSeq) rootRef.current?.querySelector<HTMLElement>('[role="row"][tabindex="0"]')?.focus();
  }), [recentre]);

  // Where the card is shorter than the ladder (small windows), the centre is scrolled to the
  // middle of the card, so the touch shows instead of the top asks: when the centre changes and
  // when the card is resized (a window made smaller). Not on every publish: a scroll under the
  // pointer would move the price the user is aiming at.
  useEffect(() => {
    const root = rootRef.current;
    const card = root?.parentElement?.parentElement;
    if (!root || !card) return;
    const centreInCard = () => {
      const row = root.querySelector<HTMLElement>(`[data-row-index="${middle}"]`) ?? root.querySelector<HTMLElement>('[data-testid="ladder-fold"]');
      const scroller = scrollingAncestor(root);
      if (!row || !scroller) return;
      const rowBox = row.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      scroller.scrollTop += rowBox.top + rowBox.height / 2 - (box.top + box.height / 2);
    };
    centreInCard();
    const resized = new ResizeObserver(centreInCard);
    resized.observe(card);
    return () => resized.disconnect();
  }, [centre, middle]);

  // Keyboard focus follows the focused index (after the window scrolled, too).
  useEffect(() => {
    const root = rootRef.current;
    if (focusIndex === null || !root || !root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>(`[data-row-index="${focusIndex}"]`)?.focus();
  }, [focusIndex, prices]);

  const latest = useRef({ onAction, onAmend, prices, tick });
  useEffect(() => {
    latest.current = { onAction, onAmend, prices, tick };
  });
  const act = useCallback((index: number, which: LadderColumn) => {
    const key = latest.current.prices[index];
    if (key !== undefined && key !== null) latest.current.onAction({ column: which, price: priceText(key, latest.current.tick) });
  }, []);
  const onCell = useCallback(
    (index: number, which: LadderColumn) => {
      setFocusIndex(index);
      setColumn(which);
      act(index, which);
    },
    [act],
  );
  const onDropOrder = useCallback((orderId: string, key: string) => latest.current.onAmend?.(orderId, priceText(key, latest.current.tick)), []);

  const amendAt = (index: number) => {
    const key = prices[index];
    if (key === undefined || key === null || !onAmend) return;
    const own = ownIndex(useOpenOrdersStore.getState().orders, tokenId);
    const sides = column === 'bid' ? [own.bids] : column === 'ask' ? [own.asks] : [own.bids, own.asks];
    const orderId = sides.map((side) => side.get(key)?.orderIds[0]).find(Boolean);
    if (orderId) onAmend(orderId, null);
  };

  const move = (target: number) => {
    let to = target;
    if (prices.length === 0) return;
    if (prices[to] === null) to += to > (focusIndex ?? middle) ? 1 : -1; // the fold is not a price
    if (to < 0 || to >= prices.length) {
      if (touch !== '') return; // a folded ladder follows the touch; it does not scroll
      const next = shiftCentre(prices as string[], tick, to < 0 ? -to : -(to - prices.length + 1));
      if (next !== null) setCentre(next);
      setFocusIndex(to < 0 ? 0 : prices.length - 1);
      return;
    }
    setFocusIndex(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const at = focusIndex ?? middle;
    switch (event.key) {
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'PageUp':
        move(at - 10);
        break;
      case 'PageDown':
        move(at + 10);
        break;
      case 'ArrowLeft':
        setColumn((c) => (c === 'ask' ? 'price' : 'bid'));
        break;
      case 'ArrowRight':
        setColumn((c) => (c === 'bid' ? 'price' : 'ask'));
        break;
      case 'Enter':
      case ' ':
        if (event.repeat) return;
        act(at, column);
        break;
      case 'c':
      case 'C':
      case 'Home':
        recentre();
        break;
      case 'a':
      case 'A':
        amendAt(at);
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const ids = TEST_IDS[variant];
  const showOwn = variant === 'trade';
  const orders = useOpenOrdersStore((s) => s.orders);
  const own = showOwn ? ownIndex(orders, tokenId) : null;
  const bidVerb = variant === 'trade' ? 'buy' : 'trade';
  return (
    <div className={`dl dl-${variant}`} data-testid={`${ids.root}-wrap`}>
      <div className="dl-toolbar">
        <span className="dl-hint muted">
          {variant === 'trade' ? 'Bid: buy · Ask: sell · Price: to ticket' : 'Click a level to trade it'}
        </span>
        <button type="button" className="text-button dl-recentre" onClick={recentre} title="Centre the ladder on the best bid and ask (C)" data-testid="ladder-recentre">
          Centre
        </button>
      </div>
      <div className="dl-row dl-head" role="presentation" aria-hidden="true">
        {showOwn ? <span>Mine</span> : null}
        <span>Bid</span>
        <span className="dl-price">Price</span>
        <span>Ask</span>
        {showOwn ? <span>Mine</span> : null}
      </div>
      <div
        ref={rootRef}
        role="grid"
        className="dl-grid"
        aria-label={`${outcome} ladder: ↑ ↓ move, ← → pick bid, price or ask, Enter to ${bidVerb}`}
        aria-rowcount={prices.length}
        data-testid={ids.root}
        data-centre={centre ?? ''}
        onKeyDown={onKeyDown}
      >
        {prices.map((key, index) =>
          key === null ? (
            <div key="fold" role="row" className="dl-row dl-fold" data-testid="ladder-fold">
              <span role="gridcell" className="dl-fold-text">
                ⋯ {foldedTicks(prices, tick)} empty prices in the spread ⋯
              </span>
            </div>
          ) : (
          <LadderLevelRow
            key={key}
            priceKey={key}
            tickSize={tick}
            index={index}
            focused={index === (focusIndex ?? middle)}
            column={index === (focusIndex ?? middle) ? column : 'price'}
            rowTestId={ids.row}
            showOwn={showOwn}
            ownBid={own?.bids.get(key)}
            ownAsk={own?.asks.get(key)}
            painter={painter}
            onCell={onCell}
            onDropOrder={onDropOrder}
          />
          ),
        )}
      </div>
    </div>
  );
}

/** The nearest ancestor (a few levels up: the ladder's card) that scrolls its content vertically. */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  let node = element.parentElement;
  for (let depth = 0; node && depth < 4; depth += 1, node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}
