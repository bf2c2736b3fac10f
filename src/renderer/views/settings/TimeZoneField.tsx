/**
 * The time zone: "this computer's" or any IANA zone the runtime knows, picked from a list that
 * filters as you type (a datalist, so no zone is ever mistyped into a silent UTC).
 */
import { useMemo, useState } from 'react';
import { isKnownTimeZone } from '../../../shared/prefs';

const SYSTEM_LABEL = "This computer's zone";

function knownZones(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...supported.filter((zone) => zone !== 'UTC')];
}

export function TimeZoneField({ id, value, onSave }: { id: string; value: string; onSave: (zone: string) => Promise<unknown> }) {
  const zones = useMemo(knownZones, []);
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === 'system' ? SYSTEM_LABEL : value);
  const commit = () => {
    if (draft === null) return;
    const zone = draft.trim() === '' || draft === SYSTEM_LABEL ? 'system' : draft.trim();
    // Unknown names go to main anyway: its refusal is the sentence shown under the field.
    void onSave(zone).then(() => setDraft(null));
  };
  return (
    <div className="setting-inline-form">
      <input
        id={id}
        className="input"
        list={`${id}-zones`}
        value={shown}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
        }}
        aria-invalid={draft !== null && draft !== SYSTEM_LABEL && draft.trim() !== '' && !isKnownTimeZone(draft.trim())}
        data-testid="pref-time-zone"
      />
      <datalist id={`${id}-zones`}>
        <option value={SYSTEM_LABEL} />
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </div>
  );
}
