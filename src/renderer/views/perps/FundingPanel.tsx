/**
 * Funding the account paid or received, per instrument, from the local history store: totals per
 * instrument, the payments (virtualized), an instrument filter and the sync job.
 */
import { useEffect } from 'react';
import type { PerpsFundingView } from '../../../shared/perpsViews';
import type { PerpsInstrument } from '../../../shared/protocol/perps';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { usePerpsMarketStore } from '../../stores/perpsMarketStore';
import { PerpsSyncStatus } from './PerpsSyncStatus';
import { formatAmount, formatDateTime, formatNumber, formatSignedAmount } from '../../lib/format';

const tone = (value: string) => (value.startsWith('-') ? 'tone-ask' : 'tone-bid');
const COLUMNS: readonly DataColumn<PerpsFundingView>[] = [
  { id: 'time', header: 'Time', sortValue: (r) => r.at, cell: (r) => <span className="num">{formatDateTime(r.at)}</span> },
  { id: 'instrument', header: 'Instrument', sortValue: (r) => r.symbol ?? String(r.instrumentId), cell: (r) => r.symbol ?? `#${r.instrumentId}` },
  { id: 'size', header: 'Size', numeric: true, sortValue: (r) => Number(r.size), cell: (r) => formatAmount(r.size) },
  { id: 'rate', header: 'Rate', numeric: true, sortValue: (r) => Number(r.fundingRate), cell: (r) => formatAmount(r.fundingRate) },
  { id: 'funding', header: 'Funding', numeric: true, sortValue: (r) => Number(r.funding), cell: (r) => <span className={tone(r.funding)}>{formatSignedAmount(r.funding)} {r.fundingAsset}</span> },
];
const TEMPLATE = '124px minmax(80px, 1fr) 80px 90px 130px';

export function FundingPanel({ accountId, instruments }: { accountId: string; instruments: readonly PerpsInstrument[] }) {
  const page = usePerpsMarketStore((s) => (s.fundingAccountId === accountId ? s.funding : null));
  const error = usePerpsMarketStore((s) => s.fundingError);
  const instrument = usePerpsMarketStore((s) => s.fundingInstrument);
  const jobId = usePerpsMarketStore((s) => s.fundingJobId);
  const syncError = usePerpsMarketStore((s) => s.fundingSyncError);
  const loadFunding = usePerpsMarketStore((s) => s.loadFunding);
  const setInstrument = usePerpsMarketStore((s) => s.setFundingInstrument);
  const syncFunding = usePerpsMarketStore((s) => s.syncFunding);
  const cancel = usePerpsMarketStore((s) => s.cancelFundingSync);

  useEffect(() => {
    void loadFunding(accountId);
  }, [accountId, loadFunding]);

  return (
    <section className="an-card px-funding" aria-label="Funding" data-testid="perps-funding" data-total={page?.total ?? ''}>
      <div className="an-toolbar">
        <span className="pane-title">Funding</span>
        <select className="select" aria-label="Funding instrument" value={instrument ?? ''} onChange={(e) => setInstrument(e.target.value === '' ? null : Number(e.target.value))} data-testid="perps-funding-instrument">
          <option value="">All instruments</option>
          {instruments.map((i) => (
            <option key={i.id} value={i.id}>
              {i.symbol}
            </option>
          ))}
        </select>
        <PerpsSyncStatus what="payments" sync={page?.sync ?? null} jobId={jobId} error={syncError} onSync={(full) => void syncFunding(accountId, full)} onCancel={() => void cancel()} testId="perps-funding-sync" />
      </div>
      {error ? <InlineError what="Could not read the funding history" error={error} onRetry={() => void loadFunding(accountId)} /> : null}
      {page && page.totals.length > 0 ? (
        <table className="an-mini-table" data-testid="perps-funding-totals">
          <thead>
            <tr>
              <th scope="col">Instrument</th>
              <th scope="col" className="cell-num">Payments</th>
              <th scope="col" className="cell-num">Total</th>
            </tr>
          </thead>
          <tbody>
            {page.totals.map((total) => (
              <tr key={total.instrumentId} data-testid="perps-funding-total" data-instrument={total.instrumentId}>
                <td>{total.symbol ?? `#${total.instrumentId}`}</td>
                <td className="cell-num num">{formatNumber(total.payments)}</td>
                <td className={`cell-num num ${tone(total.total)}`}>{formatSignedAmount(total.total)}
</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <DataTable
        rows={page?.rows ?? []}
        columns={COLUMNS}
        rowKey={(r) => `${r.instrumentId}-${r.at}`}
        searchText={(r) => r.symbol ?? ''}
        filter=""
        template={TEMPLATE}
        label="Funding payments"
        testId="perps-funding-table"
        rowTestId="perps-funding-row"
        empty={page === null ? 'Reading the local store…' : page.sync.rows === 0 ? 'No funding stored yet: Sync reads it from the exchange (funding is charged hourly on open positions).' : 'No funding for this instrument.'}
      />
    </section>
  );
}
