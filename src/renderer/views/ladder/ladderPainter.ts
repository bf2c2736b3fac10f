/**
 * What moves on the DOM ladder at the book's pace — bid and ask sizes, depth bars, which side
 * rests at each price and where the touch is — written straight into the rows' DOM nodes, once
 * per published book, and only where a value changed. React renders the rows (one per price of
 * the window), their columns, your orders, focus and handlers; it never sees a book update.
 * Measured against per-cell subscriptions and memoised rows in docs/decisions/48-ladder-speed.
 *
 * Each row registers its nodes when React mounts it and is painted at once from the book held,
 * so a row that appears (the window moved) never shows empty for a frame.
 */
import type { OrderBookView } from '../../../shared/viewModels';
import { formatSize } from '../../lib/format';
import { CellFlash } from '../../hooks/useFlashOnChange';
import { bookIndex, type BookIndex } from './levelIndex';

interface SizeNodes {
  cell: HTMLElement;
  bar: HTMLElement;
  /** The size's text node: its data is rewritten in place, as React would, never replaced. */
  text: Text;
  /** What the nodes show now: the size as the book has it ('' for none), the bar's 5 % step. */
  size: string;
  depth: number;
  flash: CellFlash;
}

interface RowNodes {
  row: HTMLElement;
  price: HTMLElement;
  bid: SizeNodes;
  ask: SizeNodes;
  /** 'best-bid', 'best-ask', 'bid', 'ask' or '' (an empty level). */
  role: string;
}

/** The class names and data attributes the painter owns: React renders none of them. */
export const PAINTED = {
  bar: 'dl-bar',
  text: 'dl-size-text',
} as const;

function sizeNodes(cell: HTMLElement | null): SizeNodes {
  const bar = cell?.querySelector<HTMLElement>(`.${PAINTED.bar}`);
  const holder = cell?.querySelector<HTMLElement>(`.${PAINTED.text}`);
  if (!cell || !bar || !holder) throw new Error('a ladder row is missing its size cell');
  // A row attached again (React's development double mount) keeps its text node and what it shows.
  const text = holder.firstChild instanceof Text ? holder.firstChild : holder.appendChild(document.createTextNode(''));
  return { cell, bar, text, size: '', depth: 0, flash: new CellFlash(cell) };
}

const NO_BOOK: BookIndex = { bids: new Map(), asks: new Map(), bestBid: null, bestAsk: null, largest: 0 };

function roleOf(index: BookIndex, key: string): string {
  if (index.bestBid === key) return 'best-bid';
  if (index.bestAsk === key) return 'best-ask';
  if (index.bids.has(key)) return 'bid';
  if (index.asks.has(key)) return 'ask';
  return '';
}

export class LadderPainter {
  private readonly rows = new Map<string, RowNodes>();
  private book: OrderBookView | undefined;

  constructor(book: OrderBookView | undefined) {
    this.book = book;
  }

  /** A row React mounted for `key` (a priceKey): painted now, then on every book. */
  attach(key: string, row: HTMLElement): void {
    const price = row.querySelector<HTMLElement>('.dl-price');
    if (!price) throw new Error('a ladder row is missing its price cell');
    const nodes: RowNodes = { row, price, bid: sizeNodes(row.querySelector('.dl-bid')), ask: sizeNodes(row.querySelector('.dl-ask')), role: '' };
    this.rows.set(key, nodes);
    this.paintRow(key, nodes, this.book ? bookIndex(this.book) : NO_BOOK, false);
  }

  detach(key: string, row: HTMLElement): void {
    if (this.rows.get(key)?.row === row) this.rows.delete(key);
  }

  /** A published book: every registered row brought up to it; nothing is written where nothing changed. */
  paint(book: OrderBookView | undefined): void {
    if (book === this.book) return;
    this.book = book;
    const index = book ? bookIndex(book) : NO_BOOK;
    for (const [key, nodes] of this.rows) this.paintRow(key, nodes, index, true);
  }

  private paintRow(key: string, nodes: RowNodes, index: BookIndex, flash: boolean): void {
    const role = roleOf(index, key);
    if (role !== nodes.role) {
      nodes.role = role;
      const side = role.endsWith('bid') ? 'bid' : role.endsWith('ask') ? 'ask' : '';
      const touch = role.startsWith('best');
      const { row, price } = nodes;
      row.classList.toggle('dl-touch', touch);
      if (side) row.dataset.side = side;
      else delete row.dataset.side;
      if (touch) row.dataset.touch = side;
      else delete row.dataset.touch;
      price.classList.toggle('dl-price-bid', side === 'bid');
      price.classList.toggle('dl-price-ask', side === 'ask');
    }
    paintSize(nodes.bid, index.bids.get(key) ?? '', index.largest, flash);
    paintSize(nodes.ask, index.asks.get(key) ?? '', index.largest, flash);
  }
}

function paintSize(nodes: SizeNodes, size: string, largest: number, flash: boolean): void {
  if (size !== nodes.size) {
    const before = nodes.size;
    nodes.size = size;
    nodes.text.data = size === '' ? '' : formatSize(size);
    if (flash) nodes.flash.changed(before, size);
  }
  // The bar's width is a class in 5 % steps (no inline style under the CSP); small moves keep it.
  const depth = largest > 0 && size !== '' ? Math.round((Number(size) / largest) * 20) * 5 : 0;
  if (depth !== nodes.depth) {
    nodes.depth = depth;
    nodes.bar.className = depth > 0 ? `${PAINTED.bar} dl-depth dl-depth-${depth}` : PAINTED.bar;
  }
}
