/**
 * The event's rules as the catalog states them, with the resolution source and end time: what a
 * trader reads before trading a question. Long rules start folded to a few lines.
 */
import { useState } from 'react';
import type { EventDetail } from '../../../shared/viewModels';
import { formatDateTime } from '../../lib/format';

const FOLDED_CHARS = 280;

export function endTime(iso: string | null): string {
  const ms = iso ? Date.parse(iso) : NaN;
  return formatDateTime(ms);
}

export function EventRules({ detail }: { detail: EventDetail }) {
  const [open, setOpen] = useState(false);
  const rules = detail.description.trim() || detail.markets.find((m) => m.description.trim())?.description.trim() || '';
  const long = rules.length > FOLDED_CHARS;
  const source = detail.resolutionSource.trim();
  return (
    <section className="event-rules" aria-label="Rules" data-testid="event-rules">
      <h3 className="event-rules-title">Rules</h3>
      {rules ? (
        <p className="event-rules-text" data-testid="event-rules-text" data-folded={long && !open}>
          {long && !open ? `${rules.slice(0, FOLDED_CHARS).trimEnd()}…` : rules}
        </p>
      ) : (
        <p className="muted">The catalog gives no rules for this event.</p>
      )}
      {long ? (
        <button type="button" className="link-button" onClick={() => setOpen((v) => !v)} aria-expanded={open} data-testid="event-rules-toggle">
          {open ? 'Show less' : 'Show all rules'}
        </button>
      ) : null}
      <dl className="event-rules-facts">
        <div>
          <dt>Ends</dt>
          <dd data-testid="event-end-time">{endTime(detail.endDate)}</dd>
        </div>
        {source ? (
          <div>
            <dt>Resolution source</dt>
            <dd className="event-rules-source" title={source}>
              {source}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
