/**
 * The combo filter over the combo activity table: paste one or more combo ids (or click a row's
 * combo) to list those combos' steps only; each filtered combo is a chip that removes itself.
 */
import { useState, type FormEvent } from 'react';
import { MAX_CONDITION_IDS } from '../../../shared/protocol/analytics';
import { shortAddress } from '../../lib/address';
import { parseComboIds } from '../../lib/conditionIds';
import { useComboFilterStore } from '../../stores/comboFilterStore';

export function ComboFilter() {
  const ids = useComboFilterStore((s) => s.conditionIds);
  const setIds = useComboFilterStore((s) => s.setConditionIds);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseComboIds(text, ids);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setText('');
    setIds(parsed.ids);
  };
  return (
    <form className="combo-filter" onSubmit={add} data-testid="combo-filter" data-count={ids.length}>
      <input
        className="input combo-filter-input"
        placeholder={`Only these combos: paste combo ids (up to ${MAX_CONDITION_IDS}) or click a row`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label="Combo ids to filter by"
        aria-invalid={problem !== null}
        data-testid="combo-filter-input"
      />
      <button type="submit" className="button button-small" data-testid="combo-filter-add">
        Filter
      </button>
      {ids.map((id) => (
        <span key={id} className="chip combo-filter-chip" title={id} data-testid="combo-filter-chip" data-combo-id={id}>
          {shortAddress(id)}
          <button type="button" className="link-button" aria-label={`Stop filtering by ${id}`} onClick={() => setIds(ids.filter((other) => other !== id))}>
            ×
          </button>
        </span>
      ))}
      {ids.length > 0 ? (
        <button type="button" className="link-button" onClick={() => setIds([])} data-testid="combo-filter-clear">
          All combos
        </button>
      ) : null}
      {problem ? (
        <span className="field-error" role="alert" data-testid="combo-filter-problem">
          {problem}
        </span>
      ) : null}
    </form>
  );
}
