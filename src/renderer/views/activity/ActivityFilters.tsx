/**
 * The Activity filter bar: types (tips only by an explicit tick), markets or an event, side,
 * a window of days and a text search. Applied as the user types (text after a short pause); a
 * form that is not a filter says why and keeps the last good one applied.
 */
import { useState } from 'react';
import type { ActivityType } from '../../../shared/portfolioViews';
import { useDebouncedEffect } from '../../hooks/useDebouncedEffect';
import { useActivityStore } from '../../stores/activityStore';
import { DEFAULT_TYPES, EMPTY_FORM, toFilter, type FilterForm } from './filterModel';
import { DateRangeFields } from '../../components/DateRangeFields';

const TEXT_DELAY_MS = 250;

export function ActivityFilters() {
  const setFilter = useActivityStore((s) => s.setFilter);
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const update = (patch: Partial<FilterForm>) => setForm((old) => ({ ...old, ...patch }));

  useDebouncedEffect(form, TEXT_DELAY_MS, (value) => {
    const outcome = toFilter(value);
    if ('problem' in outcome) return setProblem(outcome.problem);
    setProblem(null);
    setFilter(outcome.filter);
  });

  const toggleType = (type: ActivityType) =>
    update({ types: form.types.includes(type) ? form.types.filter((t) => t !== type) : [...form.types, type] });

  return (
    <div className="act-filters" data-testid="activity-filters">
      <div className="act-filter-line">
        <div className="segmented act-types" role="group" aria-label="Activity types">
          {DEFAULT_TYPES.map((type) => (
            <button key={type} type="button" className="segment" aria-pressed={form.types.includes(type)} onClick={() => toggleType(type)} data-testid={`activity-type-${type}`}>
              {type.toLowerCase()}
            </button>
          ))}
        </div>
        <label className="check" title="Tips are never shown unless asked for">
          <input type="checkbox" checked={form.includeTips} onChange={(e) => update({ includeTips: e.target.checked })} data-testid="activity-include-tips" />
          Include tips
        </label>
        <select className="select" value={form.side} onChange={(e) => update({ side: e.target.value as FilterForm['side'] })} aria-label="Side" data-testid="activity-side">
          <option value="">Any side</option>
          <option value="BUY">Buy</option>
          <option value="SELL">Sell</option>
          <option value="IN">In</option>
          <option value="OUT">Out</option>
        </select>
        <input className="input act-text" type="search" placeholder="Search title or outcome" value={form.text} onChange={(e) => update({ text: e.target.value })} aria-label="Search" data-testid="activity-text" />
      </div>
      <div className="act-filter-line">
        <input className="input act-markets num" placeholder="Market ids starting 0x, up to 20" value={form.markets} onChange={(e) => update({ markets: e.target.value })} spellCheck={false} aria-label="Markets (condition ids)" data-testid="activity-markets" />
        <input className="input act-event" placeholder="or the event’s name in its link" value={form.eventSlug} onChange={(e) => update({ eventSlug: e.target.value })} spellCheck={false} aria-label="Event slug" data-testid="activity-event" />
        <DateRangeFields from={form.from} to={form.to} onChange={update} fromTestId="activity-from" toTestId="activity-to" />
        <button type="button" className="button button-small" onClick={() => setForm(EMPTY_FORM)} data-testid="activity-filter-reset">
          Reset
        </button>
        {problem ? (
          <span className="field-error" role="alert" data-testid="activity-filter-problem">
            {problem}
          </span>
        ) : null}
      </div>
    </div>
  );
}
