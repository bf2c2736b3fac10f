/**
 * The active account's trades, walked to the end by main as a job: while it runs the rows and
 * pages so far, the time spent waiting for the rate budget and the ETA, with Cancel.
 */
import { useEffect, useMemo, useState } from 'react';
import type { TradeView } from '../../../../shared/tradingViews';
import { InlineError } from '../../../components/InlineError';
import { VirtualTable, type Column } from '../../../components/VirtualTable';
import { formatDateTime, formatDuration, formatNumber, formatPrice, formatSize, formatUsd } from '../../../lib/format';
import { selectAccountTrades, tradeRowKey, useAccountTradesStore } from '../../../stores/accountTradesStore';
import { selectJobProgress, useJobsStore } from '../../../stores/jobsStore';
import { useTradingBlock } from '../../../stores/tradingAccess';
import type { TradeTarget } from '../../../stores/tradeTargetStore';
import { momentColumn } from './momentColumn';
import { rowMarket } from './rowMarket';
import { AccountTableNote } from './AccountTableNote';

// The time column holds the whole moment on the user's clock (momentColumn).
const TEMPLATE = '34px minmax(60px, 1fr) 44px 50px 64px 50px 50px 70px';
const TEMPLATE_ONE_MARKET = '44px 70px 64px 76px 64px 56px minmax(70px, 1fr)';

function JobLine() {
  const jobId = useAccountTradesStore((s) => s.jobId);
  const cancel = useAccountTradesStore((s) => s.cancel);
  const progress = useJobsStore(useMemo(() => selectJobProgress(jobId), [jobId]));
  if (!jobId) return null;
  const eta = progress?.etaMs ? ` · about ${formatDuration(progress.etaMs)} left` : '';
  const waited = progress && progress.budgetWaitMs > 0 ? ` · waited ${formatDuration(progress.budgetWaitMs)} for the rate budget` : '';
  return (
    <p className="job-line" role="status" data-testid="trades-progress">
      <span className="job-spinner" aria-hidden="true" />
      Loading trades… <span className="num">{formatNumber(progress?.rows ?? 0)}</span> rows · <span className="num">{formatNumber(progress?.pages ?? 0)}</span> pages{waited}

      {eta}
      <button type="button" className="button button-small" onClick={() => void cancel()} data-testid="trades-cancel-job">
        Cancel
      </button>
    </p>
  );
}

export function AccountTradesPanel({ target }: { target: TradeTarget }) {
  const trades = useAccountTradesStore(selectAccountTrades);
  const phase = useAccountTradesStore((s) => s.phase);
  const error = useAccountTradesStore((s) => s.error);
  const load = useAccountTradesStore((s) => s.load);
  const accountId = useAccountTradesStore((s) => s.accountId);
  const loadedAt = useAccountTradesStore((s) => s.loadedAt);
  const block = useTradingBlock();
  const [scope, setScope] = useState<'market' | 'all'>('market');

  useEffect(() => {
    // First look for this account (or after a switch reset the list): walk the trades once.
    if (block === null && phase === 'idle') void load();
  }, [block, phase, accountId, load]);

  const rows = useMemo(() => (scope === 'all' ? trades : trades.filter((t) => t.market === target.conditionId)), [trades, scope, target.conditionId]);
  const allColumns: Column<TradeView>[] = [
    { id: 'time', header: 'Time', cell: (t) => <span className="num">{formatDateTime(t.matchTime)}</span> },
    { id: 'side', header: 'Side', cell: (t) => <span className={t.side === 'BUY' ? 'tone-bid' : 'tone-ask'}>{t.side}</span> },
    {
      id: 'market',
      header: 'Market',
      cell: (t) => (
        <span className="cell-ellipsis" title={t.market}>
          {rowMarket(t, target).name}
        </span>
      ),
    },
    { id: 'outcome', header: scope === 'all' ? 'Out.' : 'Outcome', cell: (t) => t.outcome },
    { id: 'price', header: 'Price', numeric: true, cell: (t) => formatPrice(t.price, rowMarket(t, target).tickSize) },
    { id: 'size', header: 'Size', numeric: true, cell: (t) => formatSize(t.size) },
    { id: 'role', header: 'Role', cell: (t) => <span className={`role role-${t.role}`}>{t.role}</span> },
    {
      id: 'fee',
      header: 'Fee',
      numeric: true,
      // What the exchange charged this account's side, at the row's own rate.
      cell: (t) => (
        <span title={`${formatNumber(t.feeRateBps)} bps`} data-testid="trade-fee" data-value={t.fee}>
          {formatUsd(t.fee)}
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: (t) => <span className="muted">{t.status.toLowerCase()}</span> },
  ];

  // In "this market" every row is the same market: its column would only repeat the header.
  const columns = scope === 'all' ? allColumns : allColumns.filter((column) => column.id !== 'market');

  return (
    <div className="activity-panel" data-testid="trades-panel" data-phase={phase}>
      <div className="activity-toolbar">
        <div className="segmented" role="group" aria-label="Which trades">
          <button type="button" className="segment" aria-pressed={scope === 'market'} onClick={() => setScope('market')} data-testid="trades-scope-market">
            This market
          </button>
          <button type="button" className="segment" aria-pressed={scope === 'all'} onClick={() => setScope('all')} data-testid="trades-scope-all">
            All ({formatNumber(trades.length)})
          </button>
        </div>
        <span className="panel-actions-spacer" />
        {phase === 'cancelled' ? <span className="muted">Stopped — the list may be incomplete.</span> : null}
        <button type="button" className="button button-small" disabled={block !== null || phase === 'loading'} onClick={() => void load()} data-testid="trades-refresh">
          Reload
        </button>
      </div>
      <AccountTableNote table="trades" block={block} loadedAt={loadedAt} rows={trades.length} />
      <JobLine />
      {phase === 'error' && error ? <InlineError what="Could not read the account’s trades" error={error} onRetry={() => void load()} /> : null}
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={tradeRowKey}
        template={`${momentColumn()} ${scope === 'all' ? TEMPLATE : TEMPLATE_ONE_MARKET}`}
        label="Account trades"
        testId="trades-table"
        rowTestId="account-trade-row"
        rowAttributes={(t) => ({ 'data-trade-id': t.id, 'data-role': t.role, 'data-side': t.side, 'data-price': t.price, 'data-fee': t.fee })}
        empty={phase === 'loading' ? 'Loading trades…' : scope === 'market' ? 'No trades in this market yet.' : 'No trades yet.'}
      />
    </div>
  );
}
