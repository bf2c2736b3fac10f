/**
 * Alerts: the price alerts waiting to fire (each removable), and the log of every alert and fill
 * notification that went off, newest first, with its time. Both are kept by main, so they are
 * the same after a restart and on every window.
 */
import { useEffect } from 'react';
import type { FiredAlert, PriceAlert } from '../../../shared/prefs';
import { ActionError } from '../../components/ActionError';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { formatDateTime, formatNumber, formatSentence } from '../../lib/format';
import { notificationPermission } from '../../lib/webNotifications';
import { useAlertsStore } from '../../stores/alertsStore';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { AlertRuleText } from './AlertRuleText';

const WAITING_TEMPLATE = 'minmax(160px, 3fr) minmax(80px, 1fr) minmax(150px, 1.4fr) 120px 72px';
const LOG_TEMPLATE = '120px 56px minmax(160px, 2fr) minmax(180px, 3fr)';

function RemoveButton({ alertId }: { alertId: string }) {
  const remove = useBridgeAction((id: string) => useAlertsStore.getState().remove(id).then((error) => (error ? { ok: false as const, error } : { ok: true as const, value: null })));
  return (
    <span className="alert-remove-cell">
      <button type="button" className="link-button" disabled={remove.pending} onClick={() => void remove.run(alertId)} data-testid="alerts-remove">
        Remove
      </button>
      <ActionError error={remove.error} />
    </span>
  );
}

const WAITING_COLUMNS: DataColumn<PriceAlert>[] = [
  { id: 'question', header: 'Market', cell: (a) => <span title={a.question}>{a.question}</span>, sortValue: (a) => a.question },
  { id: 'outcome', header: 'Outcome', cell: (a) => a.outcome, sortValue: (a) => a.outcome },
  { id: 'rule', header: 'Fires when', cell: (a) => <AlertRuleText alert={a} /> },
  { id: 'created', header: 'Created', cell: (a) => formatDateTime(a.createdAt), sortValue: (a) => a.createdAt, numeric: true },
  { id: 'remove', header: '', cell: (a) => <RemoveButton alertId={a.id} /> },
];

const LOG_COLUMNS: DataColumn<FiredAlert>[] = [
  { id: 'at', header: 'Time', cell: (e) => <span title={formatDateTime(e.at, { seconds: true })}>{formatDateTime(e.at)}</span>, sortValue: (e) => e.at, numeric: true },
  { id: 'kind', header: 'Kind', cell: (e) => (e.kind === 'fill' ? 'Fill' : 'Price'), sortValue: (e) => e.kind },
  { id: 'title', header: 'About', cell: (e) => <span title={e.title}>{e.title}</span>, sortValue: (e) => e.title },
  { id: 'body', header: 'What happened', cell: (e) => <AlertBody alert={e} /> },
];

/** The sentence with its prices in the style the user reads prices in now (older logs: as written). */
function AlertBody({ alert }: { alert: FiredAlert }) {
  const text = alert.bodyParts ? formatSentence(alert.bodyParts) : alert.body;
  return <span title={text}>{text}</span>;
}

function permissionNote(): string | null {
  const permission = notificationPermission();
  if (permission === 'denied') return 'This browser blocks notifications from Marketdesk: alerts are listed here only. Allow notifications in the site settings to see them outside the window.';
  if (permission === 'default') return 'The browser asks whether Marketdesk may show notifications when you create your first alert.';
  if (permission === 'unsupported') return 'This browser cannot show notifications: alerts are listed here only.';
  return null;
}

export function AlertsView() {
  const { alerts, log, phase, error } = useAlertsStore();
  useEffect(() => {
    if (useAlertsStore.getState().phase !== 'ready') void useAlertsStore.getState().load();
  }, []);
  const clear = useBridgeAction(() => useAlertsStore.getState().clearLog().then((failure) => (failure ? { ok: false as const, error: failure } : { ok: true as const, value: null })));
  const note = permissionNote();

  return (
    <section className="view alerts-view" data-testid="view-alerts" aria-label="Alerts">
      {phase === 'error' && error ? <InlineError what="Could not read the alerts" error={error} onRetry={() => void useAlertsStore.getState().load()} /> : null}
      {note ? <p className="alerts-note muted" data-testid="alerts-permission-note">{note}</p> : null}
      <section className="panel alerts-panel" aria-labelledby="alerts-waiting-title">
        <header className="panel-header">
          <h2 className="panel-title" id="alerts-waiting-title">
            Waiting price alerts
          </h2>
          <span className="panel-meta">create them on the Trade view, next to the ticket</span>
        </header>
        <DataTable
          rows={alerts}
          columns={WAITING_COLUMNS}
          rowKey={(a) => a.id}
          searchText={(a) => `${a.question} ${a.outcome}`}
          filter=""
          template={WAITING_TEMPLATE}
          label="Waiting price alerts"
          testId="alerts-waiting"
          rowTestId="alerts-waiting-row"
          initialSort={[{ id: 'created', desc: true }]}
          empty={phase === 'ready' ? 'No price alert is waiting. Open an outcome on Trade and press “New alert”.' : 'Loading…'}
        />
      </section>
      <section className="panel alerts-panel alerts-log-panel" aria-labelledby="alerts-log-title">
        <header className="panel-header">
          <h2 className="panel-title" id="alerts-log-title">
            Fired alerts
          </h2>
          <span className="panel-meta">{log.length === 0 ? 'none yet' : `${formatNumber(log.length)} kept, newest first`
}</span>
          {log.length > 0 ? (
            <button type="button" className="button button-small" disabled={clear.pending} onClick={() => void clear.run(undefined)} data-testid="alerts-clear-log">
              Clear the log
            </button>
          ) : null}
        </header>
        <ActionError error={clear.error} />
        <DataTable
          rows={log}
          columns={LOG_COLUMNS}
          rowKey={(e) => `${e.id}:${e.at}`}
          searchText={(e) => `${e.title} ${e.body}`}
          filter=""
          template={LOG_TEMPLATE}
          label="Fired alerts"
          testId="alerts-log"
          rowTestId="alerts-log-row"
          initialSort={[{ id: 'at', desc: true }]}
          empty="No alert has fired yet. Price alerts and fills you are notified about are listed here."
        />
      </section>
    </section>
  );
}
