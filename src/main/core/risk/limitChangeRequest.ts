/**
 * What main's own confirmation surface shows before risk limits are raised or turned off: the
 * account, the network, and each limit that changes, old → new (the raised ones marked).
 */
import { RISK_LIMIT_INFO, RISK_LIMIT_KEYS, raisedLimits, raisesRisk, type RiskLimitKey, type RiskLimits, type RiskLimitsChange } from '../../../shared/riskLimits';
import type { ConfirmationRequest } from '../authority/mainConfirmations';
import { limitFigure, units } from './riskFigures';

export const limitValueText = (key: RiskLimitKey, value: string | null): string => (value === null ? 'off' : limitFigure(key, units(value)));

export interface LimitChangeSubject {
  accountLabel: string;
  accountAddress: string;
  networkLabel: string;
}

export function limitChangeRequest(current: RiskLimits, change: RiskLimitsChange, subject: LimitChangeSubject): ConfirmationRequest {
  const changed = RISK_LIMIT_KEYS.filter((key) => key in change && (change[key] ?? null) !== current[key]);
  const raised = raisedLimits(current, change);
  return {
    kind: 'risk-limits',
    title: `${raised.length === 1 ? 'Raise a risk limit' : 'Raise risk limits'} of “${subject.accountLabel}” on ${subject.networkLabel}`,
    facts: [
      { label: 'Account', value: `${subject.accountLabel} (${subject.accountAddress})` },
      { label: 'Network', value: subject.networkLabel },
      ...changed.map((key) => {
        const to = change[key] ?? null;
        const name = RISK_LIMIT_INFO[key].name;
        return {
          label: key === 'maxPositionShares' || key === 'maxPositionUsd' ? `${name} (${RISK_LIMIT_INFO[key].unit})` : name,
          value: `${limitValueText(key, current[key])} → ${limitValueText(key, to)}`,
          ...(raisesRisk(current[key], to) ? { warn: true } : {}),
        };
      }),
    ],
    confirmLabel: raised.length === 1 ? 'Raise the limit' : 'Raise the limits',
  };
}
