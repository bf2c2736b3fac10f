/**
 * The Risk panel's rows: each limit, what the account has used of it and its value, as text
 * (through lib/format.ts) and as the share used for the meter. A pure function of main's
 * RiskStateView, so what the panel says is what main counts.
 */
import { RISK_LIMIT_INFO, RISK_LIMIT_KEYS, type RiskLimitKey, type RiskStateView } from '../../../../shared/riskLimits';
import { formatNumber, formatSize, formatUsd } from '../../../lib/format';

export interface RiskRow {
  key: RiskLimitKey;
  label: string;
  /** What is used now, formatted; null when it has no running figure (order notional) or is unknown. */
  use: string | null;
  /** The limit, formatted with its unit, or "Off". */
  limit: string;
  /** use ÷ limit (0…1 and above), null when either is missing. */
  fraction: number | null;
  /** A note under the figures (the realised result behind "Loss today"). */
  note: string | null;
}

export function limitText(key: RiskLimitKey, value: string | null): string {
  if (value === null) return 'Off';
  const { unit } = RISK_LIMIT_INFO[key];
  if (unit === 'orders') return formatNumber(Number(value));
  return unit === 'USD' ? `${formatUsd(value)} USD` : `${formatSize(value)} sh`;
}

function usedFigure(key: RiskLimitKey, state: RiskStateView): number | null {
  const usage = state.usage;
  if (!usage) return null;
  switch (key) {
    case 'maxOrderNotionalUsd':
      return null;
    case 'maxOpenOrders':
      return usage.openOrders;
    case 'maxPositionShares':
      return usage.position ? Number(usage.position.shares) : null;
    case 'maxPositionUsd':
      return usage.position ? Number(usage.position.usd) : null;
    case 'maxDailyNotionalUsd':
      return Number(usage.tradedTodayUsd);
    case 'dailyLossStopUsd':
      return Math.max(0, -Number(usage.realisedTodayUsd));
  }
}

export function riskRows(state: RiskStateView, outcome: string | null): RiskRow[] {
  return RISK_LIMIT_KEYS.map((key) => {
    const value = state.limits[key];
    const used = usedFigure(key, state);
    const { unit } = RISK_LIMIT_INFO[key];
    const use = used === null ? null : unit === 'orders' ? formatNumber(used) : unit === 'USD' ? formatUsd(used) : formatSize(used);
    const realised = state.usage ? Number(state.usage.realisedTodayUsd) : 0;
    return {
      key,
      label: RISK_LIMIT_INFO[key].label,
      use,
      limit: limitText(key, value),
      fraction: used !== null && value !== null ? (Number(value) > 0 ? used / Number(value) : used > 0 ? Infinity : 0) : null,
      note: key === 'maxPositionShares' && outcome ? `${outcome}: held + open buys` : key === 'dailyLossStopUsd' && state.usage && realised > 0 ? `realised today +${formatUsd(realised)} USD` : null,
    };
  });
}
