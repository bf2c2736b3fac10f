/**
 * The Activity table's columns: what each shows and which store sort key it sorts by. A cell is
 * one element holding plain text (its class gives the font and tone), not a cell wrapping a
 * styled span: the table adds rows on every scrolled frame, and half the elements per row is
 * half the DOM to create, style and lay out for each.
 */
import type { ActivityRowView, ActivitySortKey } from '../../../shared/portfolioViews';
import { shortAddress } from '../../lib/address';
import { formatDateTime, formatPrice, formatSize, formatUsd } from '../../lib/format';
import { epochMs } from '../portfolio/money';

export interface ActivityCell {
  text: string;
  /** Font and tone (e.g. "num", "tone-bid", "muted"). */
  className?: string;
  /** The whole value, for a cell that may be cut short. */
  title?: string;
}

export interface ActivityColumn {
  id: string;
  header: string;
  sortKey?: ActivitySortKey;
  numeric?: boolean;
  cell: (row: ActivityRowView) => ActivityCell;
}

const sideTone = (side: ActivityRowView['side']) => (side === 'BUY' || side === 'IN' ? 'tone-bid' : side === 'SELL' || side === 'OUT' ? 'tone-ask' : 'muted');

/**
 * A row with no market (a transfer between wallets, a deposit, a withdrawal) says what it was in
 * the Market column, so the column never reads "—" for money that moved.
 */
function marketCell(r: ActivityRowView): ActivityCell {
  if (r.title !== null) return { text: r.title, title: r.title };
  if (r.type === 'TIP' && r.counterparty) {
    const text = `${r.side === 'IN' ? 'Transfer from' : 'Transfer to'} ${shortAddress(r.counterparty)}`;
    return { text, title: r.counterparty, className: 'muted' };
  }
  if (r.type === 'DEPOSIT') return { text: 'Deposit', className: 'muted' };
  if (r.type === 'WITHDRAWAL') return { text: 'Withdrawal', className: 'muted' };
  return { text: '—', className: 'muted' };
}

export const ACTIVITY_COLUMNS: readonly ActivityColumn[] = [
  { id: 'timestamp', header: 'Time', sortKey: 'timestamp', cell: (r) => ({ text: formatDateTime(epochMs(r.timestamp)), className: 'num' }) },
  { id: 'type', header: 'Type', sortKey: 'type', cell: (r) => ({ text: r.type, className: `act-type act-type-${r.type.toLowerCase()}` }) },
  { id: 'side', header: 'Side', cell: (r) => ({ text: r.side ?? '—', className: sideTone(r.side) }) },
  { id: 'title', header: 'Market', sortKey: 'title', cell: marketCell },
  { id: 'outcome', header: 'Outcome', cell: (r) => (r.outcomeIndex === 999 ? { text: 'unlabeled', className: 'muted' } : { text: r.outcome ?? '—' }) },
  { id: 'size', header: 'Size', sortKey: 'size', numeric: true, cell: (r) => ({ text: r.size === null ? '—' : formatSize(r.size) }) },
  { id: 'price', header: 'Price', sortKey: 'price', numeric: true, cell: (r) => ({ text: formatPrice(r.price, '0.001') }) },
  { id: 'usdcSize', header: 'USDC', sortKey: 'usdcSize', numeric: true, cell: (r) => ({ text: r.usdcSize === null ? '—' : formatUsd(r.usdcSize) }) },
  {
    id: 'tx',
    header: 'Tx',
    cell: (r) => ({ text: shortAddress(r.transactionHash), className: 'num muted', title: r.transactionHash }),
  },
];

export const ACTIVITY_TEMPLATE = '118px 92px 40px minmax(200px, 4fr) minmax(60px, 0.8fr) 84px 60px 90px 104px';
export const ACTIVITY_ROW_HEIGHT = 24;
