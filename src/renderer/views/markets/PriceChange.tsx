/** A 24 h change of a probability, as "▲ 3%" / "▼ 12%" / "0%", coloured by direction. */
import { formatPercent } from '../../lib/format';

/** Under half a point the change rounds to 0% and reads as flat. */
const FLAT = 0.005;

export function PriceChange({ change, testId }: { change: number; testId?: string }) {
  const direction = change >= FLAT ? 'up' : change <= -FLAT ? 'down' : 'flat';
  const arrow = direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : '';
  return (
    <span className={`num price-change price-change-${direction}`} title="Change over the last 24 hours" data-testid={testId} data-change={change}>
      {arrow}
      {formatPercent(Math.abs(change))}
    </span>
  );
}
