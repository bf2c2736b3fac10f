/**
 * Asks before a network switch stops something: lists the open orders of each account with
 * order-book credentials, the heartbeats that will stop and the jobs that will be stopped, and
 * says what becomes of each.
 */
import type { NetworkSwitchPreflight } from '../../../shared/networkSwitchViews';
import { formatNumber } from '../../lib/format';
import { useNetworkStore } from '../../stores/networkStore';
import { ActionError } from '../ActionError';
import { Dialog } from '../Dialog';

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

function OrdersSection({ preflight }: { preflight: NetworkSwitchPreflight }) {
  const withOrders = preflight.accounts.filter((a) => a.openOrders > 0);
  const unread = preflight.accounts.filter((a) => !a.known);
  if (withOrders.length === 0 && unread.length === 0) return null;
  return (
    <section className="network-switch-section" data-testid="network-switch-orders">
      <h3>Open orders</h3>
      <ul>
        {withOrders.map((account) => (
          <li key={account.accountId}>
            <strong>{account.label}</strong>: {plural(account.openOrders, 'open order', 'open orders')}
          </li>
        ))}
        {unread.map((account) => (
          <li key={account.accountId} className="muted">
            <strong>{account.label}</strong>: not read in this session; it may have open orders
          </li>
        ))}
      </ul>
      <p className="muted">
        Switching does not cancel them: they stay on {preflight.from.label}&apos;s order book and can fill while you are away. You see
        them again when you switch back.
      </p>
    </section>
  );
}

function HeartbeatsSection({ preflight }: { preflight: NetworkSwitchPreflight }) {
  if (preflight.heartbeats.length === 0) return null;
  return (
    <section className="network-switch-section network-switch-warning" data-testid="network-switch-heartbeats">
      <h3>Heartbeats stop</h3>
      <ul>
        {preflight.heartbeats.map((account) => (
          <li key={account.accountId}>
            <strong>{account.label}</strong>
          </li>
        ))}
      </ul>
      <p>
        The exchange cancels every open order of these accounts a few seconds after their last heartbeat. Their orders on{' '}
        {preflight.from.label} will be cancelled.
      </p>
    </section>
  );
}

function JobsSection({ preflight }: { preflight: NetworkSwitchPreflight }) {
  if (preflight.jobs.length === 0) return null;
  return (
    <section className="network-switch-section" data-testid="network-switch-jobs">
      <h3>Running work</h3>
      <ul>
        {preflight.jobs.map((job) => (
          <li key={job.jobId}>
            <strong>{job.name}</strong> ({plural(job.rows, 'row', 'rows')} so far):{' '}
            {job.resumes ? 'stops now and continues from there next time' : 'cancelled'}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function NetworkSwitchDialog() {
  const { pending, switchingTo, error, confirm, dismiss } = useNetworkStore();
  if (!pending) return null;
  const busy = switchingTo !== null;
  return (
    <Dialog title={`Switch to ${pending.to.label}?`} onClose={dismiss} busy={busy} testId="network-switch-dialog">
      <p>
        Leaving <strong>{pending.from.label}</strong> stops what runs there:
      </p>
      <OrdersSection preflight={pending} />
      <HeartbeatsSection preflight={pending} />
      <JobsSection preflight={pending} />
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={busy} data-testid="network-switch-confirm" data-autofocus>
          {busy ? `Switching to ${pending.to.label}…` : `Switch to ${pending.to.label}`}
        </button>
        <button type="button" className="button" onClick={dismiss} disabled={busy}>
          Stay on {pending.from.label}
        </button>
      </div>
      <ActionError error={error} testId="network-switch-error" />
    </Dialog>
  );
}
