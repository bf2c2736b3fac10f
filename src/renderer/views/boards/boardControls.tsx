/** The controls every board shares: the period choice and the "load more" footer. */
import { BOARD_PERIODS } from '../../../shared/protocol/analytics';
import type { BoardPeriod } from '../../../shared/portfolioViews';
import { formatNumber } from '../../lib/format';

export function PeriodChoice({ value, onChange, testId }: { value: BoardPeriod; onChange: (period: BoardPeriod) => void; testId: string }) {
  return (
    <div className="segmented" role="group" aria-label="Period">
      {BOARD_PERIODS.map((period) => (
        <button key={period} type="button" className="segment" aria-pressed={period === value} onClick={() => onChange(period)} data-testid={`${testId}-${period}`}>
          {period}
        </button>
      ))}
    </div>
  );
}

export function LoadMore({ count, nextCursor, loading, onMore, testId }: { count: number; nextCursor: string | null; loading: boolean; onMore: () => void; testId: string }) {
  return (
    <footer className="an-more">
      <span className="muted">
        {formatNumber(count)} loaded{
!nextCursor && !loading && count > 0 ? ' · all of it' : ''}
      </span>
      {nextCursor ? (
        <button type="button" className="button button-small" disabled={loading} onClick={onMore} data-testid={testId}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </footer>
  );
}
