/**
 * Sandbox only: let main ask in its own confirmation surface here too, as it always does on live
 * networks, to try it with paper money. Turning it on is one click; turning it off is itself asked
 * in that surface (it lowers a guardrail).
 */
import { api } from '../../bridge/api';
import { ActionError } from '../../components/ActionError';
import { useBridgeAction } from '../../hooks/useBridgeAction';
import { selectTradingState, useTradingStateStore } from '../../stores/tradingStateStore';

export function SandboxConfirmationsRow() {
  const state = useTradingStateStore(selectTradingState);
  const toggle = useBridgeAction(api.setSandboxMainConfirmations);
  const on = state?.confirmsIn === 'main';
  return (
    <label className="switch-row">
      <span className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={!state || toggle.pending}
          onChange={(event) =>
            void toggle.run({ enabled: event.target.checked }).then(() => useTradingStateStore.getState().load())
          }
          data-testid="sandbox-main-confirmations"
        />
        <span className="switch-track" aria-hidden="true" />
      </span>
      <span className="switch-row-text">
        <span className="setting-name">Ask in Marketdesk’s own window on the Sandbox too</span>
        <span className="setting-help">
          Live networks always ask there before an order (with “Confirm orders” on), a transfer to someone else, a new proxy or credentials. Here it is off by default,
          so paper trades stay one click.
        </span>
        <ActionError error={toggle.error} testId="sandbox-main-confirmations-error" />
      </span>
    </label>
  );
}
