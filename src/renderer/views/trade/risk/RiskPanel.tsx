/**
 * Risk limits in the Trade view: each limit of the active account on this network, its value
 * and what is used of it now (main's own figures), with a way to change them. Lowering a limit
 * or turning one on is saved at once; raising one waits for the user's answer in main's own
 * confirmation window, and the panel says so while it waits.
 */
import { lazy, Suspense, useState } from 'react';
import { usePolling } from '../../../hooks/usePolling';
import { ActionError } from '../../../components/ActionError';
import { formatTime, timeZoneLabel } from '../../../lib/format';
import { selectActiveAccountId, useAccountsStore } from '../../../stores/accountsStore';
import { useRiskStore } from '../../../stores/riskStore';
import { riskRows, type RiskRow } from './riskRows';

const RISK_REFRESH_MS = 10_000;

/**
 * The form checks its drafts with the limits' schema, and so loads zod: it comes in its own chunk
 * when the user edits (warmed on hover or focus of Edit), not with Trade at start-up.
 */
const loadForm = () => import('./RiskLimitsForm');
const RiskLimitsForm = lazy(() => loadForm().then((module) => ({ default: module.RiskLimitsForm })));
const warmForm = () => void loadForm().catch(() => undefined);

function meterLevel(fraction: number | null): 'none' | 'ok' | 'near' | 'at' {
  if (fraction === null) return 'none';
  return fraction >= 1 ? 'at' : fraction >= 0.8 ? 'near' : 'ok';
}

function Row({ row }: { row: RiskRow }) {
  const level = meterLevel(row.fraction);
  return (
    <tr data-testid="risk-row" data-limit={row.key} data-level={level}>
      <th scope="row">
        {row.label}
        {row.note ? <span className="risk-note muted">{row.note}</span> : null}
      </th>
      <td className="num" data-testid="risk-use">
        {row.use ?? '—'}
      </td>
      <td className="num risk-limit" data-testid="risk-limit">
        {row.limit}
      </td>
      <td className="risk-meter-cell" aria-hidden="true">
        {row.fraction !== null ? <span className={`risk-meter risk-meter-${level}`} style={{ width: `${Math.min(100, Math.round(row.fraction * 100))}%` }} /> : null}
      </td>
    </tr>
  );
}

export function RiskPanel({ tokenId, outcome }: { tokenId: string | null; outcome: string | null }) {
  const state = useRiskStore((s) => s.state);
  const error = useRiskStore((s) => s.error);
  const accountId = useAccountsStore(selectActiveAccountId);
  const [editing, setEditing] = useState(false);
  usePolling(`risk|${accountId ?? ''}|${tokenId ?? ''}`, RISK_REFRESH_MS, () => useRiskStore.getState().load(tokenId), 'clob');
  const shown = state && state.accountId === accountId ? state : null;

  return (
    <section className="trade-card risk-panel" aria-label="Risk limits" data-testid="risk-panel">
      <header className="trade-card-header">
        <h3 className="pane-title">Risk limits</h3>
        <span className="pane-meta" data-testid="risk-meta">
          {shown ? `${shown.networkLabel}${shown.usingDefaults ? ' · defaults' : ''}` : ''}
        </span>
        <button type="button" className="button button-small" disabled={!shown || editing} onClick={() => setEditing(true)} onPointerEnter={warmForm} onFocus={warmForm} data-testid="risk-edit">
          Edit
        </button>
      </header>
      {shown && !editing ? (
        <>
          <table className="balance-table risk-table" data-testid="risk-table">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col" title="What the account has used now: open orders, the outcome's position, today's fills">
                  Used
                </th>
                <th scope="col">Limit</th>
                <th scope="col" aria-hidden="true" />
              </tr>
            </thead>
            <tbody>
              {riskRows(shown, outcome).map((row) => (
                <Row key={row.key} row={row} />
              ))}
            </tbody>
          </table>
          {shown.notSaved ? (
            <p className="panel-note action-error" role="alert" data-testid="risk-not-saved">
              {shown.notSaved}
            </p>
          ) : null}
          <p className="panel-note muted" data-testid="risk-day-note">
            {shown.usage === null ? `${shown.usageNote ?? ''} ` : ''}
            Daily figures count the UTC day; they start again at {formatTime(shown.day.endsAt)} ({timeZoneLabel()}).
          </p>
        </>
      ) : null}
      {shown && editing ? (
        <Suspense fallback={<p className="panel-note muted">Loading…</p>}>
          <RiskLimitsForm state={shown} onDone={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {!shown && error ? <ActionError error={error} testId="risk-error" /> : null}
    </section>
  );
}
