/**
 * Sandbox only: put the embedded exchange into each of its modes, and the active account's
 * address under a restriction, to see (and test) how Marketdesk behaves in every one of them.
 */
import { useEffect, useState } from 'react';
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { useNow } from '../../hooks/useNow';
import { formatCountdown } from '../../lib/format';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { selectActiveAccount, useAccountsStore } from '../../stores/accountsStore';
import { selectTradingState, useTradingStateStore } from '../../stores/tradingStateStore';
import { SandboxConfirmationsRow } from './SandboxConfirmationsRow';

const MODES = [
  ['normal', 'Normal'],
  ['trading-disabled', 'Trading disabled (503)'],
  ['cancel-only', 'Cancel-only (503)'],
  ['post-only', 'Post-only (503, retry after)'],
  ['restarting', 'Matching engine restarting (425)'],
] as const;
type Mode = (typeof MODES)[number][0];

const RESTRICTIONS = [
  ['none', 'None'],
  ['closed-only', 'Closed-only'],
  ['banned', 'Banned'],
] as const;
type Restriction = (typeof RESTRICTIONS)[number][0];

const takesRetry = (mode: Mode) => mode === 'post-only' || mode === 'restarting';

export function SandboxControlsSection() {
  const isSandbox = useAppStatusStore((s) => s.status?.network.isSandbox ?? false);
  const state = useTradingStateStore(selectTradingState);
  const receive = useTradingStateStore((s) => s.receive);
  const account = useAccountsStore(selectActiveAccount);
  const [mode, setMode] = useState<Mode>('normal');
  const [retry, setRetry] = useState('60');
  const [restriction, setRestriction] = useState<Restriction>('none');
  const setModeAction = useBridgeAction(api.setSandboxExchangeMode);
  const restrict = useBridgeAction(api.setSandboxAddressRestriction);
  const now = useNow(1000, state?.retryAt != null);
  useEffect(() => {
    if (useTradingStateStore.getState().state === null) void useTradingStateStore.getState().load();
  }, []);
  if (!isSandbox) return null;

  const seconds = Number(retry);
  const retryValid = Number.isInteger(seconds) && seconds >= 1 && seconds <= 3600;
  const take = (result: Awaited<ReturnType<typeof setModeAction.run>>) => {
    if (result?.ok) receive(result.value);
  };
  const current = state ? `${state.mode}${state.retryAt ? ` · ends in ${formatCountdown(state.retryAt - now)}` : ''}${state.closedOnly ? ' · address closed-only' : ''}${state.banned ? ' · address banned' : ''}` : '…';

  return (
    <section className="panel settings-section" data-testid="settings-sandbox" aria-labelledby="settings-sandbox-title">
      <header className="panel-header">
        <h2 className="panel-title" id="settings-sandbox-title">
          Sandbox controls
        </h2>
        <span className="panel-meta" data-testid="sandbox-mode-current">
          now: {current}
        </span>
      </header>
      <SandboxConfirmationsRow />
      <div className="setting-row">
        <div className="setting-text">
          <label className="setting-name" htmlFor="sandbox-mode">
            Exchange mode
          </label>
          <p className="setting-help">What the sandbox order-book service accepts. Post-only and restarting end by themselves after the retry time.</p>
        </div>
        <div className="setting-control sandbox-control">
          <select id="sandbox-mode" className="select" value={mode} onChange={(e) => setMode(e.target.value as Mode)} data-testid="sandbox-mode">
            {MODES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <label className="inline-field" title="Seconds until the mode ends">
            <span className="muted">for</span>
            <input
              className="input input-narrow num"
              inputMode="numeric"
              value={retry}
              disabled={!takesRetry(mode)}
              onChange={(e) => setRetry(e.target.value)}
              aria-invalid={takesRetry(mode) && !retryValid ? true : undefined}
              data-testid="sandbox-retry-after"
            />
            <span className="muted">s</span>
          </label>
          <button
            type="button"
            className="button"
            disabled={setModeAction.pending || (takesRetry(mode) && !retryValid)}
            onClick={() => void setModeAction.run({ mode, ...(takesRetry(mode) ? { retryAfterSeconds: seconds } : {}) }).then(take)}
            data-testid="sandbox-mode-apply"
          >
            {setModeAction.pending ? 'Setting…' : 'Set mode'}
          </button>
          <ActionError error={setModeAction.error} testId="sandbox-mode-error" />
        </div>
      </div>
      <div className="setting-row">
        <div className="setting-text">
          <label className="setting-name" htmlFor="sandbox-restriction">
            Restrict the active address
          </label>
          <p className="setting-help">
            {account ? `${account.label} (${account.address.slice(0, 6)}…${account.address.slice(-4)})` : 'No active account.'} — closed-only refuses new orders from it, banned refuses
            everything.
          </p>
        </div>
        <div className="setting-control sandbox-control">
          <select id="sandbox-restriction" className="select" value={restriction} onChange={(e) => setRestriction(e.target.value as Restriction)} data-testid="sandbox-restriction">
            {RESTRICTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            disabled={!account || restrict.pending}
            onClick={() => void restrict.run({ restriction }).then(take)}
            data-testid="sandbox-restriction-apply"
          >
            {restrict.pending ? 'Setting…' : 'Apply'}
          </button>
          <ActionError error={restrict.error} testId="sandbox-restriction-error" />
        </div>
      </div>
    </section>
  );
}
