/**
 * Portfolio → Combos: the combo positions of the wallets shown (`/v2/positions/combos`), by
 * status, newest change first. Apart from the open and closed positions and their totals: a combo
 * is priced by its legs together, which the service does not value. A click opens the combo's
 * steps in Activity.
 */
import { useMemo, useState } from 'react';
import type { ComboPositionView, ComboPositionsView, ComboStatusFilter } from '../../../shared/marketDataViews';
import type { WalletTarget } from '../../../shared/portfolioViews';
import type { BridgeError } from '../../../shared/result';
import { api } from '../../bridge/api';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { usePolling } from '../../hooks/usePolling';
import { shortAddress } from '../../lib/address';
import { formatDateTime, formatNumber, formatSize, formatUsd } from '../../lib/format';
import { openComboActivity } from '../../stores/comboFilterStore';
import { comboColumns } from '../activity/comboColumns';
import { useOwnWallets } from '../boards/WalletLink';
import { epochMs, toNumber } from './money';

export const COMBO_POSITIONS_REFRESH_MS = 60_000;
const STATUSES: ComboStatusFilter[] = ['all', 'open', 'closed', 'redeemed'];
// The least widths fit the Portfolio's table pane beside the value chart at 1440 px (about 850 px).
const TEMPLATE = '118px minmax(160px, 3fr) minmax(100px, 1.4fr) 84px 90px 90px 118px';
const WALLET_TEMPLATE = '118px minmax(160px, 3fr) minmax(100px, 1.4fr) 84px minmax(80px, 1fr) 90px 90px';

/** With several wallets the wallet column takes the place of "Opened", so the table keeps its width. */
function columnsFor(own: ReadonlyMap<string, string>, showWallet: boolean): DataColumn<ComboPositionView>[] {
  const columns: DataColumn<ComboPositionView>[] = [
    { id: 'updated', header: 'Updated', sortValue: (r) => r.updatedAt, cell: (r) => <span className="num">{formatDateTime(epochMs(r.updatedAt))}</span> },
    ...comboColumns<ComboPositionView>(),
    { id: 'status', header: 'Status', sortValue: (r) => r.status, cell: (r) => <span className={`badge combo-status combo-status-${r.status}`}>{r.status.toUpperCase()}</span> },
    { id: 'size', header: 'Shares', numeric: true, sortValue: (r) => toNumber(r.size), cell: (r) => (r.size === null ? '—' : formatSize(r.size)) },
    { id: 'cost', header: 'Cost', numeric: true, sortValue: (r) => toNumber(r.cost), cell: (r) => (r.cost === null ? '—' : formatUsd(r.cost)) },
  ];
  const wallet: DataColumn<ComboPositionView> = {
    id: 'wallet', header: 'Wallet', sortValue: (r) => r.wallet, cell: (r) => <span className="num" title={r.wallet}>{own.get(r.wallet.toLowerCase()) ?? shortAddress(r.wallet)}</span>,
  };
  const opened: DataColumn<ComboPositionView> = {
    id: 'opened', header: 'Opened', sortValue: (r) => r.openedAt, cell: (r) => <span className="num muted">{formatDateTime(epochMs(r.openedAt))}</span>,
  };
  return showWallet ? [...columns.slice(0, 4), wallet, ...columns.slice(4)] : [...columns, opened];
}

const searchText = (r: ComboPositionView) => `${r.title} ${r.status} ${r.wallet} ${r.legs.map((l) => `${l.title} ${l.outcome}`).join(' ')}`;

interface Read {
  key: string;
  view: ComboPositionsView | null;
  error: BridgeError | null;
  loading: boolean;
}

export function ComboPositionsTab({ target, targetKey, filter }: { target: WalletTarget; targetKey: string; filter: string }) {
  const [status, setStatus] = useState<ComboStatusFilter>('all');
  const key = `${targetKey}|${status}`;
  const [read, setRead] = useState<Read>({ key, view: null, error: null, loading: true });
  const own = useOwnWallets();
  const showWallet = target.kind === 'all';
  const columns = useMemo(() => columnsFor(own, showWallet), [own, showWallet]);
  // usePolling runs the latest `load` and starts over when the key (target and status) changes.
  const load = async () => {
    setRead((r) => (r.key === key ? { ...r, loading: true } : { key, view: null, error: null, loading: true }));
    const result = await api.listComboPositions({ target, status });
    setRead((r) => (r.key !== key ? r : result.ok ? { key, view: result.value, error: null, loading: false } : { ...r, error: result.error, loading: false }));
  };
  usePolling(key, COMBO_POSITIONS_REFRESH_MS, load, 'analytics');
  const current = read.key === key ? read : null;
  const rows = current?.view?.rows ?? [];

  return (
    <div className="act-tab pf-combos" data-testid="portfolio-combos" data-status={status} data-count={rows.length} data-loading={current?.loading !== false}>
      <div className="an-toolbar pf-combos-toolbar">
        <div className="segmented" role="group" aria-label="Status">
          {STATUSES.map((s) => (
            <button key={s} type="button" className="segment" aria-pressed={status === s} onClick={() => setStatus(s)} data-testid={`combo-status-${s}`}>
              {s}
            </button>
          ))}
        </div>
        <span className="muted">
          {current?.view ? `${formatNumber(rows.length)} combo${rows.length === 1 ? '' : 's'}${current.view.complete ? '' : ' (the newest: more exist)'}` : ''}
        </span>
        <span className="muted an-legend">Click a combo to see its steps in Activity</span>
      </div>
      {current?.error ? <InlineError what="Could not read the combo positions" error={current.error} onRetry={() => void load()} /> : null}
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => `${r.wallet}:${r.comboConditionId}`}
        searchText={searchText}
        filter={filter}
        template={showWallet ? WALLET_TEMPLATE : TEMPLATE}
        label="Combo positions"
        testId="combo-positions-table"
        rowTestId="combo-position-row"
        rowAttributes={(r) => ({ 'data-status': r.status, 'data-combo-id': r.comboConditionId })}
        onRowClick={(r) => openComboActivity(r.wallet, r.comboConditionId)}
        empty={current?.loading !== false ? 'Reading combo positions…' : status === 'all' ? 'No combo positions.' : `No ${status} combo positions.`}
      />
    </div>
  );
}
