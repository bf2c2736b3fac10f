/**
 * Trade: price alerts on the outcome being traded. Collapsed it is one line (how many wait, a
 * bell to add one); open it is a small form — above or below a price, on the mid or the last
 * trade — and the outcome's waiting alerts with a remove button each. The first alert asks the
 * browser for notification permission (browsers allow the prompt only after a click).
 */
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AlertDirection, AlertSource } from '../../../shared/prefs';
import type { OrderBookView } from '../../../shared/viewModels';
import type { BridgeError } from '../../../shared/result';
import { ActionError } from '../../components/ActionError';
import { formatNumber, formatPrice } from '../../lib/format';
import { askForNotificationPermission } from '../../lib/webNotifications';
import { selectAlertsFor, useAlertsStore } from '../../stores/alertsStore';
import type { TradeTarget } from '../../stores/tradeTargetStore';
import { AlertRuleText } from './AlertRuleText';

export function AlertCard({ target, book }: { target: TradeTarget; book: OrderBookView | undefined }) {
  const alerts = useAlertsStore(useShallow(useMemo(() => selectAlertsFor(target.tokenId), [target.tokenId])));
  const [open, setOpen] = useState(false);
  const [direction, setDirection] = useState<AlertDirection>('above');
  const [source, setSource] = useState<AlertSource>('mid');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);
  const [permission, setPermission] = useState<string | null>(null);
  const tick = book?.tickSize ?? target.tickSize;
  const now = source === 'mid' ? book?.midpoint : book?.lastTradePrice;
  const typed = Number(price);
  // Alerts fire when their condition holds (decisions-pending-prefs.md): say so before it does.
  const alreadyMet = Boolean(now) && price.trim() !== '' && Number.isFinite(typed) && (direction === 'above' ? Number(now) >= typed : Number(now) <= typed);

  const create = async () => {
    const asked = await askForNotificationPermission();
    setPermission(asked === 'denied' ? 'Notifications are blocked for this page: alerts will show under Alerts only.' : null);
    const failure = await useAlertsStore.getState().create({ tokenId: target.tokenId, question: target.question, outcome: target.outcome, direction, source, price: price.trim(), tickSize: tick });
    setError(failure);
    if (!failure) setPrice('');
  };

  return (
    <section className="trade-card alert-card" aria-label="Price alerts" data-testid="alert-card">
      <header className="trade-card-header">
        <h3 className="pane-title">Alerts · {target.outcome}</h3>
        <span className="pane-meta" data-testid="alert-count">
          {alerts.length === 0 ? 'none waiting' : `${formatNumber(alerts.length)} waiting`
}
        </span>
        <button type="button" className="button button-small alert-bell" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="alert-toggle">
          {open ? 'Close' : 'New alert'}
        </button>
      </header>
      {open ? (
        <form
          className="alert-form"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <label className="alert-form-row">
            <span className="field-label">When the</span>
            <select className="select" value={source} onChange={(e) => setSource(e.target.value as AlertSource)} data-testid="alert-source">
              <option value="mid">mid price</option>
              <option value="last">last trade</option>
            </select>
          </label>
          <label className="alert-form-row">
            <span className="field-label">is</span>
            <select className="select" value={direction} onChange={(e) => setDirection(e.target.value as AlertDirection)} data-testid="alert-direction">
              <option value="above">at or above</option>
              <option value="below">at or below</option>
            </select>
          </label>
          <label className="alert-form-row">
            <span className="field-label">price</span>
            <input className="input num" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} placeholder="0.55" aria-describedby="alert-now" data-testid="alert-price" />
          </label>
          <p className="alert-now muted" id="alert-now">
            Now {formatPrice(now, tick)}. Type the price as a decimal between 0 and 1. An alert fires once, then moves to Alerts.
          </p>
          {alreadyMet ? (
            <p className="alert-now alert-met" data-testid="alert-already-met">
              The {source === 'mid' ? 'mid price' : 'last trade'} is already {direction === 'above' ? 'at or above' : 'at or below'} this price: the alert fires as soon as it is added.
            </p>
          ) : null}
          <button type="submit" className="button button-primary" disabled={price.trim() === ''} data-testid="alert-create">
            Add alert
          </button>
          <ActionError error={error} testId="alert-error" />
          {permission ? <p className="alert-permission muted">{permission}</p> : null}
        </form>
      ) : null}
      {alerts.length > 0 ? (
        <ul className="alert-list" data-testid="alert-list">
          {alerts.map((alert) => (
            <li key={alert.id} className="alert-item" data-testid="alert-item">
              <AlertRuleText alert={alert} />
              <button type="button" className="link-button" onClick={() => void useAlertsStore.getState().remove(alert.id).then(setError)} data-testid="alert-remove">
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
