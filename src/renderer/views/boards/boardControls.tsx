/** The controls every board shares: the period choice, the "load more" footer and what an empty board says. */
import { BOARD_PERIODS } from '../../../shared/protocol/analytics';
import type { BoardPeriod } from '../../../shared/portfolioViews';
import type { PagedBoard } from '../../stores/boardsStore';
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

/** An empty board: still loading, not readable, or `none` once read. */
export function emptyBoardText(phase: PagedBoard<unknown>['phase'], none: string): string {
  return phase === 'error' ? 'Nothing to show until the board can be read.' : phase === 'ready' ? none : 'Loading…';
}
