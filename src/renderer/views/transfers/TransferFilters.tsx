/**
 * The transfer history's filter bar: direction, asset, text (label or counterparty) and a date
 * range, applied by main's local store as the user types (text after a short pause).
 */
import { useState } from 'react';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { usePerpsStore } from '../../stores/perpsStore';
import { useTransfersStore } from '../../stores/transfersStore';
import { EMPTY_TRANSFER_FORM, toTransferFilter, type TransferFilterForm } from './transferFilterModel';
import { DateRangeFields } from '../../components/DateRangeFields';

const TEXT_DELAY_MS = 250;

export function TransferFilters() {
  const setFilter = useTransfersStore((s) => s.setFilter);
  const assets = usePerpsStore((s) => s.info?.assets ?? []);
  const [form, setForm] = useState<TransferFilterForm>(EMPTY_TRANSFER_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const update = (patch: Partial<TransferFilterForm>) => setForm((old) => ({ ...old, ...patch }));

  useDebouncedEffect(form, TEXT_DELAY_MS, (value) => {
    const outcome = toTransferFilter(value);
    if ('problem' in outcome) return setProblem(outcome.problem);
    setProblem(null);
    setFilter(outcome.filter);
  });

  return (
    <div className="act-filter-line tx-filters" data-testid="transfer-filters">
      <select className="select" value={form.direction} onChange={(e) => update({ direction: e.target.value as TransferFilterForm['direction'] })} aria-label="Direction" data-testid="transfer-filter-direction">
        <option value="">In and out</option>
        <option value="in">In</option>
        <option value="out">Out</option>
      </select>
      <select className="select" value={form.asset} onChange={(e) => update({ asset: e.target.value })} aria-label="Asset" data-testid="transfer-filter-asset">
        <option value="">Any asset</option>
        {assets.map((asset) => (
          <option key={asset.asset} value={asset.asset}>
            {asset.asset}
          </option>
        ))}
      </select>
      <input className="input act-text" type="search" placeholder="Search label or counterparty" value={form.text} onChange={(e) => update({ text: e.target.value })} aria-label="Search transfers" data-testid="transfer-filter-text" />
      <DateRangeFields from={form.from} to={form.to} onChange={update} fromTestId="transfer-filter-from" toTestId="transfer-filter-to" />
      <button type="button" className="button button-small" onClick={() => setForm(EMPTY_TRANSFER_FORM)} data-testid="transfer-filter-reset">
        Reset
      </button>
      {problem ? (
        <span className="field-error" role="alert" data-testid="transfer-filter-problem">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
