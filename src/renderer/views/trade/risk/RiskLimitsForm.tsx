/**
 * Changing the risk limits: one field per limit, empty for off. The page only asks: main checks
 * the values, writes a lowering at once, and holds a raise until the user confirms it in main's
 * own window — the form says which of the two is happening while it waits.
 */
import { useState } from 'react';
import { RISK_LIMIT_INFO, RISK_LIMIT_KEYS, raisedLimits, type RiskLimitKey, type RiskLimitsChange, type RiskStateView } from '../../../../shared/riskLimits';
import { riskLimitsChangeSchema } from '../../../../shared/riskLimitsSchemas';
import { api } from '../../../bridge/api';
import { ActionError } from '../../../components/ActionError';
import { useBridgeAction } from '../../../hooks/useBridgeAction';
import { useRiskStore } from '../../../stores/riskStore';

type Drafts = Record<RiskLimitKey, string>;

const unitText = (key: RiskLimitKey) => (RISK_LIMIT_INFO[key].unit === 'shares' ? 'sh' : RISK_LIMIT_INFO[key].unit === 'orders' ? 'orders' : 'USD');

/** Only what differs from the limits now; an empty field is "off". */
function changeFrom(state: RiskStateView, drafts: Drafts): RiskLimitsChange {
  const change: RiskLimitsChange = {};
  for (const key of RISK_LIMIT_KEYS) {
    const text = drafts[key].trim().replace(/,/g, '');
    const next = text === '' ? null : text;
    const now = state.limits[key];
    const same = next === null ? now === null : now !== null && /^\d+(\.\d+)?$/.test(next) && Number(next) === Number(now);
    if (!same) change[key] = next;
  }
  return change;
}

export function RiskLimitsForm({ state, onDone }: { state: RiskStateView; onDone: () => void }) {
  const [drafts, setDrafts] = useState<Drafts>(() => Object.fromEntries(RISK_LIMIT_KEYS.map((key) => [key, state.limits[key] ?? ''])) as Drafts);
  const save = useBridgeAction(api.setRiskLimits);
  const change = changeFrom(state, drafts);
  const parsed = Object.keys(change).length > 0 ? riskLimitsChangeSchema.safeParse(change) : null;
  const problem = parsed && !parsed.success ? parsed.error.issues.map((issue) => `${RISK_LIMIT_INFO[issue.path[0] as RiskLimitKey]?.label ?? 'Limits'}: ${issue.message}`).join(' · ') : null;
  const raising = raisedLimits(state.limits, change).length > 0;
  const waitsForMain = raising && state.raisingNeedsConfirmation;

  const submit = async () => {
    if (Object.keys(change).length === 0) return onDone();
    if (problem || !state.accountId) return undefined;
    const result = await save.run({ accountId: state.accountId, networkId: state.networkId, limits: change });
    if (result?.ok) {
      useRiskStore.getState().receive(result.value);
      onDone();
    }
    return undefined;
  };

  return (
    <form
      className="risk-form"
      data-testid="risk-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {RISK_LIMIT_KEYS.map((key) => (
        <label key={key} className="risk-field">
          <span className="field-label">{RISK_LIMIT_INFO[key].label}</span>
          <span className="risk-input">
            <input
              className="input num"
              inputMode={RISK_LIMIT_INFO[key].decimals === 0 ? 'numeric' : 'decimal'}
              placeholder="off"
              value={drafts[key]}
              disabled={save.pending}
              onChange={(event) => setDrafts((held) => ({ ...held, [key]: event.target.value }))}
              data-testid={`risk-input-${key}`}
            />
            <span className="muted">{unitText(key)}</span>
          </span>
        </label>
      ))}
      <p className="panel-note muted" data-testid="risk-form-note">
        {waitsForMain
          ? `Raising a limit or turning one off is confirmed in Marketdesk’s own window, for ${state.networkLabel}.`
          : 'Lowering a limit or turning one on applies at once. Empty turns a limit off.'}
      </p>
      {problem ? (
        <p className="action-error" role="alert" data-testid="risk-form-problem">
          {problem}
        </p>
      ) : null}
      <ActionError error={save.error} testId="risk-form-error" />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.pending || problem !== null} data-testid="risk-save">
          {save.pending ? (waitsForMain ? 'Waiting for your confirmation in Marketdesk’s window…' : 'Saving…') : waitsForMain ? 'Save — asks to confirm' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onDone} disabled={save.pending} data-testid="risk-cancel-edit">
          Cancel
        </button>
      </div>
    </form>
  );
}
