/** One waiting price alert in words: "Mid at or above 0.55", prices in the user's style. */
import type { PriceAlert } from '../../../shared/prefs';
import { formatPrice } from '../../lib/format';

export function AlertRuleText({ alert }: { alert: PriceAlert }) {
  return (
    <span className="alert-rule">
      {alert.source === 'mid' ? 'Mid' : 'Last trade'} {alert.direction === 'above' ? 'at or above' : 'at or below'}{' '}
      <span className="num">{formatPrice(alert.price, alert.tickSize)}</span>
    </span>
  );
}
