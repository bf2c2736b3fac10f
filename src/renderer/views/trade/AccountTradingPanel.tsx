/**
 * Per-account trading switches: "Confirm orders" (off is "pro" mode: orders go out on Send) and
 * heartbeats — the exchange's dead-man switch, with the warning that comes with it.
 */
import { useState } from 'react';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { useNow } from '../../hooks/useNow';
import { formatClock, formatDuration, formatNumber } from '../../lib/format';
import { selectActiveAccount, useAccountsStore } from '../../stores/accountsStore';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { useOpenOrdersStore } from '../../stores/openOrdersStore';
import { useTradingBlock } from '../../stores/tradingAccess';
import { selectTradingState, useTradingStateStore } from '../../stores/tradingStateStore';

export function AccountTradingPanel() {
  const state = useTradingStateStore(selectTradingState);
  const receive = useTradingStateStore((s) => s.receive);
  const account = useAccountsStore(selectActiveAccount);
  const block = useTradingBlock();
  const confirm = useBridgeAction(api.setConfirmOrders);
  const heartbeat = useBridgeAction(api.setHeartbeat);
  const beat = state?.heartbeat;
  const openCount = useOpenOrdersStore((s) => s.orders.length);
  // Switching heartbeats off with orders open cancels them 10 s later: ask once, in place.
  const [askingOff, setAskingOff] = useState(false);
  const network = useAppStatusStore((s) => s.status?.network ?? null);
  const now = useNow(1000, beat?.enabled === true);
  const since = beat?.lastSentAt ? Math.max(0, Math.round((now - beat.lastSentAt) / 1000)) : null;
  const take = (result: Awaited<ReturnType<typeof confirm.run>>) => {
    if (result?.ok) receive(result.value);
  };

  return (
    <section className="trade-card account-trading" aria-label="Account trading settings" data-testid="account-trading">
      <header className="trade-card-header">
        <h3 className="pane-title">Account</h3>
        <span className="pane-meta">{account?.label ?? 'none'}</span>
      </header>
      <label className="switch-row">
        <span className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={state?.confirmOrders ?? true}
            disabled={!account || confirm.pending}
            // Switching confirmations off where main asks waits for the user's answer in main's own surface.
            onChange={(event) => void confirm.run({ enabled: event.target.checked }).then(take)}
            data-testid="trade-confirm-orders"
          />
          <span className="switch-track" aria-hidden="true" />
        </span>
        <span className="switch-row-text">
          <span className="setting-name">Confirm orders</span>
          <span className="setting-help" data-testid="trade-confirm-orders-help">
            {state?.confirmOrders === false
              ? 'Off — pro mode: Send and Enter place orders at once, within your risk limits'
              : state?.confirmsIn === 'main'
                ? 'On — Marketdesk asks you in a window or page of its own before each order is signed'
                : 'On — every order shows a summary before it is signed'}
            {network ? ` (on ${network.isSandbox ? 'the Sandbox' : network.label}; each network has its own setting).` : '.'}
          </span>
        </span>
      </label>
      <ActionError error={confirm.error} testId="trade-confirm-orders-error" />
      <label className="switch-row">
        <span className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={beat?.enabled ?? false}
            disabled={(block !== null && !beat?.enabled) || heartbeat.pending}
            onChange={(event) => {
              if (!event.target.checked && openCount > 0) setAskingOff(true);
              else void heartbeat.run({ enabled: event.target.checked }).then(take);
            }}
            data-testid="trade-heartbeat"
          />
          <span className="switch-track" aria-hidden="true" />
        </span>
        <span className="switch-row-text">
          <span className="setting-name">
            Heartbeat{' '}
            {beat?.enabled ? (
              <span className={`heartbeat-state${beat.lastOk === false ? ' heartbeat-bad' : ''}`} data-testid="trade-heartbeat-last">
                {beat.lastSentAt ? `last sent ${formatClock(beat.lastSentAt)} (${since} s ago)${beat.lastOk === false ? ' · failed' : ''}` : 'starting…'}
              </span>
            ) : null}
          </span>
          <span className="setting-help heartbeat-warning" data-testid="trade-heartbeat-note">
            Once on, a heartbeat goes out every {formatDuration(beat?.intervalMs ?? 4000)}. If the exchange misses one for {formatDuration(beat?.windowMs ?? 10_000)} it
 cancels <strong>all</strong> of this account’s
            open orders — so switching it off, quitting or locking the vault (which stops heartbeats) cancels them too.
          </span>
        </span>
      </label>
      {askingOff ? (
        <p className="confirm heartbeat-confirm" role="group" data-testid="trade-heartbeat-off-confirm">
          <span className="confirm-question">
            Stop heartbeats? The exchange cancels your {formatNumber(openCount)} open order{openCount === 1 ? '' : 's'} about {formatDuration(beat?.windowMs ?? 10_000)} later.

          </span>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              setAskingOff(false);
              void heartbeat.run({ enabled: false }).then(take);
            }}
            data-testid="trade-heartbeat-off-yes"
          >
            Stop
          </button>
          <button type="button" className="button" onClick={() => setAskingOff(false)}>
            Keep on
          </button>
        </p>
      ) : null}
      <ActionError error={heartbeat.error} testId="trade-heartbeat-error" />
    </section>
  );
}
