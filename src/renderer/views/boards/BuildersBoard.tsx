/** The builders leaderboard by period: rank, builder, code, volume, active users. */
import { useEffect } from 'react';
import type { BuilderRankView } from '../../../shared/portfolioViews';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { formatNumber, formatUsd } from '../../lib/format';
import { useBoardsStore } from '../../stores/boardsStore';
import { toNumber } from '../portfolio/money';
import { emptyBoardText, LoadMore, PeriodChoice } from './boardControls';
import { RankingTabs } from './RankingTabs';

const COLUMNS: DataColumn<BuilderRankView>[] = [
  { id: 'rank', header: '#', numeric: true, sortValue: (r) => r.rank, cell: (r) => <span className="muted">{formatNumber(r.rank)}</span>
 },
  { id: 'builder', header: 'Builder', sortValue: (r) => r.builder.toLowerCase(), cell: (r) => <span className="cell-ellipsis" title={r.builder}>{r.builder}</span> },
  { id: 'code', header: 'Code', sortValue: (r) => r.builderCode, cell: (r) => <span className="num muted cell-ellipsis">{r.builderCode}</span> },
  { id: 'volume', header: 'Volume', numeric: true, sortValue: (r) => toNumber(r.volume), cell: (r) => formatUsd(r.volume) },
  { id: 'users', header: 'Users', numeric: true, sortValue: (r) => r.activeUsers, cell: (r) => formatNumber(r.activeUsers) },
];
const TEMPLATE = '34px minmax(110px, 2fr) minmax(70px, 1fr) 104px 60px';
const searchText = (r: BuilderRankView) => `${r.builder} ${r.builderCode}`;

export function BuildersBoard({ filter }: { filter: string }) {
  const board = useBoardsStore((s) => s.builders);
  const period = useBoardsStore((s) => s.buildersPeriod);
  const setPeriod = useBoardsStore((s) => s.setBuildersPeriod);
  const load = useBoardsStore((s) => s.loadBuilders);
  useEffect(() => {
    if (board.phase === 'idle') void load(false);
  }, [board.phase, load]);
  return (
    <section className="an-card bd-builders" aria-label="Builders leaderboard" data-testid="board-builders" data-phase={board.phase}>
      <header className="an-toolbar">
        <RankingTabs />
        <PeriodChoice value={period} onChange={setPeriod} testId="builders-period" />
      </header>
      {board.error ? <InlineError what="Could not read the builders leaderboard" error={board.error} onRetry={() => void load(board.rows.length > 0)} /> : null}
      <DataTable
        rows={board.rows}
        columns={COLUMNS}
        rowKey={(r) => `${r.rank}:${r.builderCode}`}
        searchText={searchText}
        filter={filter}
        template={TEMPLATE}
        label="Builders leaderboard"
        testId="builders-table"
        rowTestId="builder-row"
        initialSort={[{ id: 'rank', desc: false }]}
        empty={emptyBoardText(board.phase, 'No builder volume in this period.')}
      />
      <LoadMore count={board.rows.length} nextCursor={board.nextCursor} loading={board.phase === 'loading'} onMore={() => void load(true)} testId="builders-load-more" />
    </section>
  );
}
