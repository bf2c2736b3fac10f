/**
 * The budget panel, opened from the status-bar meter: every scope of the local rate budget with
 * its use against the limit the client allows itself (and the documented one), the requests
 * queued in it by priority, and the waits so far, so a user sees why a walk slowed down. The
 * core is asked again every second while the panel is open.
 */
import type { BudgetPriority, BudgetScopeView } from '../../shared/viewModels';
import { useBudgetState } from '../hooks/useBudgetState';
import { Dialog } from './Dialog';
import { formatDuration, formatNumber } from '../lib/format';
import { errorText } from '../lib/errorText';

const REFRESH_MS = 1_000;
const PRIORITY_LETTERS: Array<[BudgetPriority, string]> = [
  ['cancel', 'cancels'],
  ['order', 'orders'],
  ['interactive', 'views'],
  ['background', 'walks'],
];

function ScopeRow({ scope }: { scope: BudgetScopeView }) {
  const fraction = scope.limit > 0 ? Math.min(1, scope.used / scope.limit) : 0;
  const level = fraction >= 0.9 ? 'high' : fraction >= 0.6 ? 'mid' : 'low';
  const queued = PRIORITY_LETTERS.filter(([priority]) => scope.queued[priority] > 0).map(([priority, name]) => `${scope.queued[priority]} ${name}`);
  return (
    <tr data-testid="budget-scope" data-scope={scope.scope}>
      <td>
        <div className="budget-scope-label">{scope.label}</div>
        <div className="muted budget-scope-id">{scope.scope}</div>
        {scope.pausedForMs > 0 ? (
          <div className="tone-warn" data-testid="budget-scope-paused" title="The service answered Retry-After: no request of this scope is sent until then">
            paused {formatDuration(Math.ceil(scope.pausedForMs / 1000) * 1000)} by the service
          </div>
        ) : null}
      </td>
      <td className="budget-use">
        <span className="meter" data-level={level} role="meter" aria-label={`${scope.label} use`} aria-valuemin={0} aria-valuemax={scope.limit} aria-valuenow={scope.used}>
          <span className="meter-fill" style={{ width: `${fraction * 100}%` }} />
        </span>
        <span className="budget-num" data-testid="budget-scope-used">
          {formatNumber(scope.used)} / {formatNumber(scope.limit)}
        </span>
      </td>
      <td className="budget-num" title="The documented limit; the client allows itself 90% of it">
        {formatNumber(scope.documentedLimit)} / {formatDuration(scope.windowMs)}
      </td>
      <td data-testid="budget-scope-queue">{queued.length > 0 ? queued.join(', ') : <span className="muted">—</span>}</td>
      <td className="budget-num">{scope.longestWaitMs > 0 ? formatDuration(scope.longestWaitMs) : '—'}</td>
      <td className="budget-num" data-testid="budget-scope-waits">
        {scope.waits > 0 ? `${formatNumber(scope.waits)} (${formatDuration(scope.waitedMs)})` : '—'}
      </td>
      <td className="budget-num">{scope.deadlineFailures > 0 ? formatNumber(scope.deadlineFailures) : '—'}</td>
    </tr>
  );
}

export function BudgetPanel({ onClose }: { onClose: () => void }) {
  const { state, error } = useBudgetState(REFRESH_MS);
  // The busiest service first, and in each the busiest scope first: what slows a walk is on top.
  const fractionOf = (scope: BudgetScopeView) => (scope.limit > 0 ? scope.used / scope.limit : 0) + (scope.longestWaitMs > 0 ? 1 : 0);
  const scopes = state ? [...state.scopes].sort((a, b) => fractionOf(b) - fractionOf(a) || a.label.localeCompare(b.label)) : [];
  const services = [...new Set(scopes.map((s) => s.service))];
  return (
    <Dialog title="Rate budget" onClose={onClose} testId="budget-panel" size="wide">
      <p className="muted budget-intro">
        Every request waits here until each limit it counts against has room; cancels go first, then orders, then what you are looking at, then
        background walks. Use counts requests in flight and those answered within the window.
      </p>
      {error ? (
        <p className="inline-error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      {state ? (
        <div className="budget-table-wrap">
          <table className="budget-table" data-testid="budget-table">
            <thead>
              <tr>
                <th>Scope</th>
                <th>Use / allowed</th>
                <th>Documented</th>
                <th>Queued</th>
                <th>Longest wait</th>
                <th>Waits</th>
                <th>Missed deadline</th>
              </tr>
            </thead>
            {services.map((service) => (
              <tbody key={service}>
                <tr className="budget-service">
                  <th colSpan={7}>{service}</th>
                </tr>
                {scopes
                  .filter((s) => s.service === service)
                  .map((scope) => (
                    <ScopeRow key={scope.scope} scope={scope} />
                  ))}
              </tbody>
            ))}
          </table>
        </div>
      ) : !error ? (
        <p className="muted">Loading…</p>
      ) : null}
    </Dialog>
  );
}
