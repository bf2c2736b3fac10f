/** The Activity table's columns: what each shows and which store sort key it sorts by. */
import type { ReactNode } from 'react';
import type { ActivityRowView, ActivitySortKey } from '../../../shared/portfolioViews';
import { shortAddress } from '../../lib/address';
import { formatPrice, formatSize, formatUsd } from '../../lib/format';
import { epochMs } from '../portfolio/money';

export interface ActivityColumn {
  id: string;
  header: string;
  sortKey?: ActivitySortKey;
  numeric?: boolean;
  cell: (row: ActivityRowView) => ReactNode;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** "2026-10-31 20:22": a history spans years, so the year is part of every row's time. */
export function formatStamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const sideTone = (side: ActivityRowView['side']) => (side === 'BUY' || side === 'IN' ? 'tone-bid' : side === 'SELL' || side === 'OUT' ? 'tone-ask' : 'muted');

export const ACTIVITY_COLUMNS: readonly ActivityColumn[] = [
  { id: 'timestamp', header: 'Time', sortKey: 'timestamp', cell: (r) => <span className="num">{formatStamp(epochMs(r.timestamp))}</span> },
  { id: 'type', header: 'Type', sortKey: 'type', cell: (r) => <span className={`act-type act-type-${r.type.toLowerCase()}`}>{r.type}</span> },
  { id: 'side', header: 'Side', cell: (r) => <span className={sideTone(r.side)}>{r.side ?? '—'}</span> },
  { id: 'title', header: 'Market', sortKey: 'title', cell: (r) => <span className="cell-ellipsis" title={r.title ?? undefined}>{r.title ?? <span className="muted">—</span>}</span> },
  { id: 'outcome', header: 'Outcome', cell: (r) => <span className="cell-ellipsis">{r.outcomeIndex === 999 ? <span className="muted">unlabeled</span> : (r.outcome ?? '—')}</span> },
  { id: 'size', header: 'Size', sortKey: 'size', numeric: true, cell: (r) => (r.size === null ? '—' : formatSize(r.size)) },
  { id: 'price', header: 'Price', sortKey: 'price', numeric: true, cell: (r) => formatPrice(r.price, '0.001') },
  { id: 'usdcSize', header: 'USDC', sortKey: 'usdcSize', numeric: true, cell: (r) => (r.usdcSize === null ? '—' : formatUsd(r.usdcSize)) },
  { id: 'tx', header: 'Tx', cell: (r) => <span className="num muted" title={r.transactionHash}>{r.counterparty ? shortAddress(r.counterparty) : shortAddress(r.transactionHash)}</span> },
];

export const ACTIVITY_TEMPLATE = '118px 92px 40px minmax(240px, 4fr) minmax(60px, 0.8fr) 84px 60px 90px 104px';
export const ACTIVITY_ROW_HEIGHT = 24;
