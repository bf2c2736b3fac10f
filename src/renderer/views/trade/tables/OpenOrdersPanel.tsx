/**
 * The active account's open orders, live from `openOrdersChanged`: this market or all markets,
 * cancel one, select several and cancel them in one call (main batches ≤3000 per request),
 * cancel everything in this market, or everything.
 */
import { useMemo, useState } from 'react';
import type { OpenOrderView } from '../../../../shared/tradingViews';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { InlineError } from '../../../components/InlineError';
import { VirtualTable, type Column } from '../../../components/VirtualTable';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { formatDateTime, formatNumber, formatPrice, formatSize } from '../../../lib/format';
import { useScopedResult } from '../../../hooks/useScopedResult';
import { CANCEL_RESULT, publishCancelResult, selectOpenOrders, useOpenOrdersStore, type CancelResult } from '../../../stores/openOrdersStore';
import { useTradingBlock } from '../../../stores/tradingAccess';
import type { TradeTarget } from '../../../stores/tradeTargetStore';
import { momentColumn } from './momentColumn';
import { rowMarket } from './rowMarket';
import { AccountTableNote } from './AccountTableNote';
import { CancelOutcome } from './CancelOutcome';
import { AmendButton } from '../../ladder/AmendButton';
import { CancelAllButton } from '../CancelAllDialog';

type Scope = 'market' | 'all';

/**
 * Created (and Expires, when an order shown has an expiry) hold the whole moment; the other
 * columns are as narrow as their figures, so the table fits the pane beside the ladder at 1440 px.
 */
/** 6 px between columns, not 8: on the 12-hour clock "All" was 16 px wider than its pane at 1440 px. */
const OPEN_ORDERS_GAP = 6;

function templateOf(scope: Scope, withExpires: boolean): string {
  const moment = momentColumn();
  const times = withExpires ? [moment, moment] : [moment];
  const columns =
    scope === 'all'
      ? ['18px', '34px', 'minmax(50px, 1fr)', '44px', '50px', '50px', '50px', '48px', ...times, '84px']
      : ['18px', '36px', 'minmax(40px, 1fr)', '52px', '58px', '58px', '52px', ...times, '84px'];
  return columns.join(' ');
}

export function OpenOrdersPanel({ target }: { target: TradeTarget }) {
  const orders = useOpenOrdersStore(selectOpenOrders);
  const phase = useOpenOrdersStore((s) => s.phase);
  const loadError = useOpenOrdersStore((s) => s.error);
  const load = useOpenOrdersStore((s) => s.load);
  const block = useTradingBlock();
  const [scope, setScope] = useState<Scope>('market');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const loadedAt = useOpenOrdersStore((s) => s.loadedAt);
  // The last cancel's answer: this account's, while unlocked, for a couple of minutes at most.
  const cancelResult = useScopedResult<CancelResult>(CANCEL_RESULT);
  const cancelOne = useBridgeAction(api.cancelOrder);
  const cancelMany = useBridgeAction(api.cancelOrders);
  const pending = cancelOne.pending || cancelMany.pending;

  const rows = useMemo(() => (scope === 'all' ? orders : orders.filter((o) => o.market === target.conditionId)), [orders, scope, target.conditionId]);
  const inMarket = useMemo(() => orders.filter((o) => o.market === target.conditionId).length, [orders, target.conditionId]);
  // Selection only counts orders that are still open and in view.
  const chosen = rows.filter((o) => selected.has(o.id)).map((o) => o.id);
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  const toggle = (id: string) =>
    setSelected((held) => {
      const next = new Set(held);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const report = (what: string) => (result: Awaited<ReturnType<typeof cancelMany.run>>) => {
    if (!result) return;
    publishCancelResult(what, result);
    if (result.ok) setSelected(new Set());
  };

  const allColumns: Column<OpenOrderView>[] = [
    {
      id: 'select',
      header: <input type="checkbox" aria-label="Select all shown" checked={allChosen} onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((o) => o.id)))} data-testid="open-orders-select-all" />,
      cell: (o) => <input type="checkbox" aria-label={`Select order ${o.id}`} checked={selected.has(o.id)} onChange={() => toggle(o.id)} data-testid="open-order-select" />,
    },
    { id: 'side', header: 'Side', cell: (o) => <span className={o.side === 'BUY' ? 'tone-bid' : 'tone-ask'}>{o.side}</span> },
    {
      id: 'market',
      header: 'Market',
      cell: (o) => (
        <span className="cell-ellipsis" title={o.market}>
          {rowMarket(o, target).name}
        </span>
      ),
    },
    { id: 'outcome', header: scope === 'all' ? 'Out.' : 'Outcome', cell: (o) => o.outcome },
    { id: 'price', header: 'Price', numeric: true, cell: (o) => formatPrice(o.price, rowMarket(o, target).tickSize) },
    { id: 'size', header: 'Size', numeric: true, cell: (o) => formatSize(o.originalSize) },
    { id: 'matched', header: 'Filled', numeric: true, cell: (o) => formatSize(o.sizeMatched || '0') },
    {
      id: 'type',
      header: 'Type',
      // Post-only as main knows it (orders placed here since it started); not known is said on hover.
      cell: (o) => (
        <span title={o.postOnly === undefined ? 'Post-only: not known (placed elsewhere or before the app started)' : o.postOnly ? 'Post-only' : 'Not post-only'} data-testid="open-order-type">
          {o.orderType || '—'}
          {o.postOnly ? <abbr className="order-flag">PO</abbr> : null}
        </span>
      ),
    },
    { id: 'created', header: 'Created', cell: (o) => <span className="num" title={formatDateTime(o.createdAt, { seconds: true })}>{formatDateTime(o.createdAt)}</span> },
    { id: 'expires', header: 'Expires', cell: (o) => <span className="num">{o.expiration > 0 ? formatDateTime(o.expiration * 1000) : '—'}</span> },
    {
      id: 'cancel',
      header: '',
      cell: (o) => (
        <span className="row-actions">
        <AmendButton order={o} disabled={pending || block !== null} />
        <button
          type="button"
          className="text-button text-button-danger"
          disabled={pending || block !== null}
          onClick={() => void cancelOne.run({ orderId: o.id }).then(report('Cancel'))}
          data-testid="open-order-cancel"
        >
          Cancel
        </button>
        </span>
      ),
    },
  ];

  // In "this market" every row is the same market: its column would only repeat the header.
  // Expires only when an order shown expires (GTD): for the others it would be a column of dashes.
  const withExpires = rows.some((o) => o.expiration > 0);
  const columns = allColumns.filter((column) => (scope === 'all' || column.id !== 'market') && (withExpires || column.id !== 'expires'));

  return (
    <div className="activity-panel" data-testid="open-orders-panel">
      <div className="activity-toolbar">
        <div className="segmented" role="group" aria-label="Which orders">
          <button type="button" className="segment" aria-pressed={scope === 'market'} onClick={() => setScope('market')} data-testid="open-orders-scope-market">
            This market ({formatNumber(inMarket)})
          </button>
          <button type="button" className="segment" aria-pressed={scope === 'all'} onClick={() => setScope('all')} data-testid="open-orders-scope-all">
            All ({formatNumber(orders.length)})
          </button>
        </div>
        <span className="panel-actions-spacer" />
        <button
          type="button"
          className="button button-small"
          disabled={chosen.length === 0 || pending || block !== null}
          onClick={() => void cancelMany.run({ orderIds: chosen }).then(report(`Cancel ${formatNumber(chosen.length)} selected`)
)}
          data-testid="cancel-selected"
        >
          Cancel selected ({formatNumber(chosen.length)})
        </button>
        <CancelAllButton scope={{ kind: 'market', conditionId: target.conditionId, question: target.question }} label="Cancel this market" disabled={inMarket === 0 || pending || block !== null} testId="cancel-market" />
        <CancelAllButton scope={{ kind: 'all' }} label="Cancel all" disabled={orders.length === 0 || pending || block !== null} testId="cancel-all" />
      </div>
      <AccountTableNote table="orders" block={block} loadedAt={loadedAt} rows={orders.length} />
      {phase === 'error' && loadError ? <InlineError what="Could not list open orders" error={loadError} onRetry={() => void load()} /> : null}
      <ActionError error={cancelResult.value?.error ?? null} testId="open-orders-error" />
      {cancelResult.value?.answer ? <CancelOutcome answer={cancelResult.value.answer} onClose={cancelResult.clear} /> : null}
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(o) => o.id}
        template={templateOf(scope, withExpires)}
        columnGap={OPEN_ORDERS_GAP}
        label="Open orders"
        testId="open-orders-table"
        rowTestId="open-order-row"
        rowAttributes={(o) => ({ 'data-order-id': o.id, 'data-side': o.side, 'data-price': o.price, 'data-matched': o.sizeMatched, 'data-post-only': o.postOnly ?? 'unknown', 'data-selected': selected.has(o.id) || undefined })}
        empty={phase === 'loading' ? 'Loading open orders…' : scope === 'market' ? 'No open orders in this market.' : 'No open orders.'}
      />
    </div>
  );
}
