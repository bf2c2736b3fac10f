/**
 * Rate-budget use over the trailing window, as counted by main's gate in front of every request:
 * the number of requests, and the busiest scope as a share of its own limit (the one that would
 * throttle first). The tooltip lists the busy scopes; a click opens the budget panel with every
 * scope, its queue and its waits.
 */
import { useState } from 'react';
import { selectBudget, useAppStatusStore } from '../stores/appStatusStore';
import { formatNumber, formatPercent } from '../lib/format';
import { BudgetPanel } from './BudgetPanel';
import { budgetMeterTitle } from './budgetMeterText';

export function BudgetMeter() {
  const budget = useAppStatusStore(selectBudget);
  const [open, setOpen] = useState(false);
  if (!budget) {
    return (
      <span className="status-item budget" data-testid="status-budget" title="Requests to the exchange's servers: shown once Marketdesk has connected.">
        Requests —
      </span>
    );
  }
  const seconds = Math.round(budget.windowMs / 1000);
  const fraction = Math.min(1, Math.max(0, budget.peakFraction));
  const level = fraction >= 0.9 ? 'high' : fraction >= 0.6 ? 'mid' : 'low';
  const title = budgetMeterTitle(budget);
  return (
    <>
    <button type="button" className="status-item budget budget-button" data-testid="status-budget" title={title} aria-haspopup="dialog" onClick={() => setOpen(true)}>
      <span className="budget-figure" data-testid="status-budget-used">
        {formatNumber(budget.used)}
      </span>
      <span className="muted">req / {seconds} s</span>
      <span
        className="meter"
        data-level={level}
        role="meter"
        aria-label="Closest server limit, share used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
      >
        <span className="meter-fill" style={{ width: `${fraction * 100}%` }} />
      </span>
      <span className="budget-peak" data-testid="status-budget-peak">
        {formatPercent(fraction)}
      </span>
    </button>
    {open ? <BudgetPanel onClose={() => setOpen(false)} /> : null}
    </>
  );
}
