/** The public trade tape of one instrument (`/v1/info/trades`), newest first, re-read while visible. */
import { useEffect } from 'react';
import type { PerpsPublicTradeView } from '../../../shared/perpsViews';
import type { PerpsInstrument } from '../../../shared/protocol/perps';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { usePolling } from '../../hooks/usePolling';
import { shortAddress } from '../../lib/address';
import { formatAmount, formatClock, formatDateTime } from '../../lib/format';
import { usePerpsMarketStore } from '../../stores/perpsMarketStore';
import { errorText } from '../../lib/errorText';

const TAPE_REFRESH_MS = 3_000;
const COLUMNS: readonly DataColumn<PerpsPublicTradeView>[] = [
  { id: 'time', header: 'Time', sortValue: (r) => r.at, cell: (r) => <span className="num" title={formatDateTime(r.at, { seconds: true })}>{formatClock(r.at)}</span> },
  { id: 'price', header: 'Price', numeric: true, sortValue: (r) => Number(r.price), cell: (r) => formatAmount(r.price) },
  { id: 'quantity', header: 'Qty', numeric: true, sortValue: (r) => Number(r.quantity), cell: (r) => formatAmount(r.quantity) },

  { id: 'hash', header: 'Hash', cell: (r) => <span className="muted num" title={r.hash}>{shortAddress(r.hash)}</span> },
];
const TEMPLATE = '72px minmax(80px, 1fr) minmax(64px, 1fr) 92px';

export function TradeTape({ instruments }: { instruments: readonly PerpsInstrument[] }) {
  const instrumentId = usePerpsMarketStore((s) => s.tapeInstrument);
  const setInstrument = usePerpsMarketStore((s) => s.setTapeInstrument);
  const loadTrades = usePerpsMarketStore((s) => s.loadTrades);
  const trades = usePerpsMarketStore((s) => s.trades);
  const error = usePerpsMarketStore((s) => s.tradesError);

  useEffect(() => {
    const first = instruments[0];
    if (first && (instrumentId === null || !instruments.some((i) => i.id === instrumentId))) setInstrument(first.id);
  }, [instruments, instrumentId, setInstrument]);
  usePolling(instrumentId === null ? null : `tape-${instrumentId}`, TAPE_REFRESH_MS, loadTrades, 'perps');

  return (
    <section className="an-card px-tape" aria-label="Public trades" data-testid="perps-tape" data-instrument={instrumentId ?? ''}>
      <div className="an-toolbar">
        <span className="pane-title">Trades</span>
        <select className="select" aria-label="Instrument" value={instrumentId ?? ''} onChange={(e) => setInstrument(Number(e.target.value))} data-testid="perps-tape-instrument">
          {instruments.map((instrument) => (
            <option key={instrument.id} value={instrument.id}>
              {instrument.symbol}
            </option>
          ))}
        </select>
        <span className="muted an-legend">{error ? <span className="tape-error">{errorText(error)}</span> : 'live · newest first'}</span>
      </div>
      <DataTable
        rows={trades ?? []}
        columns={COLUMNS}
        rowKey={(r) => String(r.tradeId)}
        searchText={(r) => r.hash}
        filter=""
        template={TEMPLATE}
        label="Public trades"
        testId="perps-tape-table"
        rowTestId="perps-tape-row"
        empty={instruments.length === 0 ? 'The network lists no instruments.' : trades === null ? 'Reading trades…' : 'No trades yet.'}
      />
    </section>
  );
}
