/**
 * The wallet's combo activity, straight from the service (not the local store), a page at a
 * time by the service's cursor ("Load more"), optionally only some combos' steps (the combo
 * filter, sent as the service's `condition`). A new wallet or filter starts over.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ComboActivityView } from '../../../shared/portfolioViews';
import type { BridgeError } from '../../../shared/result';
import { api } from '../../bridge/api';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { formatDateTime, formatNumber, formatSize, formatUsd } from '../../lib/format';
import { shortAddress } from '../../lib/address';
import { useComboFilterStore } from '../../stores/comboFilterStore';
import { epochMs, toNumber } from '../portfolio/money';
import { ComboFilter } from './ComboFilter';
import { comboColumns } from './comboColumns';

const PAGE_ROWS = 100;

const COLUMNS: DataColumn<ComboActivityView>[] = [
  { id: 'time', header: 'Time', sortValue: (r) => r.timestamp, cell: (r) => <span className="num">{formatDateTime(epochMs(r.timestamp))}</span> },
  { id: 'type', header: 'Type', sortValue: (r) => r.type, cell: (r) => <span className="act-type">{r.type}</span> },
  ...comboColumns<ComboActivityView>(),
  { id: 'size', header: 'Size', numeric: true, sortValue: (r) => toNumber(r.size), cell: (r) => (r.size === null ? '—' : formatSize(r.size)) },
  { id: 'usdc', header: 'USDC', numeric: true, sortValue: (r) => toNumber(r.usdcSize), cell: (r) => (r.usdcSize === null ? '—' : formatUsd(r.usdcSize)) },
  { id: 'tx', header: 'Tx', cell: (r) => <span className="num muted" title={r.transactionHash}>{shortAddress(r.transactionHash)}</span> },
];
const TEMPLATE = '118px 110px minmax(220px, 3fr) minmax(140px, 2fr) 84px 90px 100px';
const searchText = (r: ComboActivityView) => `${r.type} ${r.title} ${r.legs.map((l) => `${l.title} ${l.outcome}`).join(' ')}`;

interface Pages {
  /** The wallet and filter these pages are of. */
  key: string;
  rows: ComboActivityView[];
  nextCursor: string | null;
  loading: boolean;
  error: BridgeError | null;
}

export function ComboActivityTab({ address, filter }: { address: string; filter: string }) {
  const conditionIds = useComboFilterStore((s) => s.conditionIds);
  const setConditionIds = useComboFilterStore((s) => s.setConditionIds);
  const key = `${address}|${conditionIds.join(',')}`;
  const [pages, setPages] = useState<Pages>({ key, rows: [], nextCursor: null, loading: true, error: null });
  const load = useCallback(
    async (cursor: string | undefined) => {
      setPages((p) => ({ ...(p.key === key ? p : { key, rows: [], nextCursor: null }), loading: true, error: null }));
      const result = await api.listComboActivity({ address, ...(conditionIds.length > 0 ? { conditionIds } : {}), cursor, limit: PAGE_ROWS });
      setPages((p) => {
        if (p.key !== key) return p;
        if (!result.ok) return { ...p, loading: false, error: result.error };
        return { key, rows: cursor ? [...p.rows, ...result.value.rows] : result.value.rows, nextCursor: result.value.nextCursor, loading: false, error: null };
      });
    },
    [address, conditionIds, key],
  );
  useEffect(() => {
    void load(undefined);
  }, [load]);
  const current = pages.key === key ? pages : null;
  const filtered = conditionIds.length > 0;

  return (
    <div className="act-tab" data-testid="activity-combos" data-filtered={filtered}>
      <ComboFilter />
      {current?.error ? <InlineError what="Could not read combo activity" error={current.error} onRetry={() => void load(current.nextCursor ?? undefined)} /> : null}
      <DataTable
        rows={current?.rows ?? []}
        columns={COLUMNS}
        rowKey={(r) => r.key}
        searchText={searchText}
        filter={filter}
        template={TEMPLATE}
        label="Combo activity"
        testId="combo-table"
        rowTestId="combo-row"
        rowAttributes={(r) => ({ 'data-combo-id': r.comboConditionId, title: filtered ? undefined : 'Show only this combo' })}
        onRowClick={(r) => setConditionIds([r.comboConditionId])}
        rowClickable={() => !filtered}
        empty={current?.loading ? 'Loading combo activity…' : filtered ? 'No activity of these combos for this wallet.' : 'No combo activity for this wallet.'}
      />
      <footer className="an-more">
        <span className="muted">{formatNumber(current?.rows.length ?? 0)} loaded
{current?.nextCursor ? '' : current && !current.loading ? ' · all of it' : ''}</span>
        {current?.nextCursor ? (
          <button type="button" className="button button-small" disabled={current.loading} onClick={() => void load(current.nextCursor ?? undefined)} data-testid="combo-load-more">
            {current.loading ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </footer>
    </div>
  );
}
