/**
 * Fill notifications, newest first, each with its trade's fee once the account's trades are
 * read; dismissing one tells the exchange too.
 */
import { useMemo } from 'react';
import type { FillNotification } from '../../../../shared/tradingViews';
import { VirtualTable, type Column } from '../../../components/VirtualTable';
import { formatClock, formatDateTime, formatPrice, formatSize, formatUsd } from '../../../lib/format';
import { selectAccountTrades, useAccountTradesStore } from '../../../stores/accountTradesStore';
import { selectFills, useFillsStore } from '../../../stores/fillsStore';
import { useTradingBlock } from '../../../stores/tradingAccess';
import type { TradeTarget } from '../../../stores/tradeTargetStore';
import { AccountTableNote } from './AccountTableNote';
import { rowMarket } from './rowMarket';
import { errorText } from '../../../lib/errorText';

const TEMPLATE = '84px 40px 64px 64px 56px 52px minmax(60px, 1fr) 64px';

export function FillsPanel({ target }: { target: TradeTarget }) {
  const fills = useFillsStore(selectFills);
  const dismiss = useFillsStore((s) => s.dismiss);
  const error = useFillsStore((s) => s.error);
  const loadedAt = useFillsStore((s) => s.loadedAt);
  const block = useTradingBlock();
  const trades = useAccountTradesStore(selectAccountTrades);
  const feeOf = useMemo(() => new Map(trades.map((t) => [t.id, t.fee])), [trades]);
  const columns: Column<FillNotification>[] = [
    { id: 'time', header: 'Time', cell: (f) => <span className="num muted" title={formatDateTime(f.at, { seconds: true })}>{formatClock(f.at)}</span> },
    { id: 'side', header: 'Side', cell: (f) => <span className={f.side === 'BUY' ? 'tone-bid' : 'tone-ask'}>{f.side}</span> },
    { id: 'size', header: 'Size', numeric: true, cell: (f) => formatSize(f.size) },
    { id: 'outcome', header: 'Outcome', cell: (f) => f.outcome },
    { id: 'price', header: 'Price', numeric: true, cell: (f) => formatPrice(f.price, rowMarket(f, target).tickSize) },
    {
      id: 'fee',
      header: 'Fee',
      numeric: true,
      cell: (f) => {
        const fee = f.tradeId ? feeOf.get(f.tradeId) : undefined;
        return fee === undefined ? <span className="muted" title="On the trade’s row in Trades once it is read">—</span> : <span data-testid="fill-fee">{formatUsd(fee)}</span>;
      },
    },
    {
      id: 'market',
      header: 'Market',
      cell: (f) => (
        <span className="cell-ellipsis" title={f.market}>
          {rowMarket(f, target).name}
        </span>
      ),
    },
    {
      id: 'dismiss',
      header: '',
      cell: (f) => (
        <button type="button" className="text-button" onClick={() => void dismiss([f.id])} disabled={block !== null} data-testid="fill-dismiss">
          Dismiss
        </button>
      ),
    },
  ];
  return (
    <div className="activity-panel" data-testid="fills-panel">
      <div className="activity-toolbar">
        <span className="muted">Fills of your orders, as the exchange notified them.</span>
        <span className="panel-actions-spacer" />
        <button type="button" className="button button-small" disabled={fills.length === 0 || block !== null} onClick={() => void dismiss(fills.map((f) => f.id))} data-testid="fills-dismiss-all">
          Dismiss all
        </button>
      </div>
      <AccountTableNote table="fills" block={block} loadedAt={loadedAt} rows={fills.length} />
      {error ? <p className="action-error">{errorText(error)}</p> : null}
      <VirtualTable
        rows={fills}
        columns={columns}
        rowKey={(f) => f.id}
        template={TEMPLATE}
        label="Fill notifications"
        testId="fills-list"
        rowTestId="fill-row"
        rowAttributes={(f) => ({ 'data-order-id': f.orderId })}
        empty="No fill notifications."
      />
    </div>
  );
}
