/**
 * Top traders by period, ranked by P&L or by volume (the analytics leaderboard). A trader's
 * wallet opens read-only in Portfolio.
 */
import { useEffect, useMemo } from 'react';
import type { LeaderboardOrder, TraderRankView } from '../../../shared/marketDataViews';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { formatSignedUsd, formatUsd } from '../../lib/format';
import { useBoardsStore } from '../../stores/boardsStore';
import { pnlTone, toNumber } from '../portfolio/money';
import { emptyBoardText, LoadMore, PeriodChoice } from './boardControls';
import { RankingTabs } from './RankingTabs';
import { useOwnWallets, WalletLink } from './WalletLink';

const ORDERS: Array<[LeaderboardOrder, string]> = [
  ['pnl', 'P&L'],
  ['volume', 'Volume'],
];
const TEMPLATE = '34px minmax(110px, 2fr) 112px 112px';
const searchText = (r: TraderRankView) => `${r.userName ?? ''} ${r.wallet}`;

function columnsFor(own: ReadonlyMap<string, string>): DataColumn<TraderRankView>[] {
  return [
    { id: 'rank', header: '#', numeric: true, sortValue: (r) => r.rank, cell: (r) => <span className="muted">{r.rank}</span> },
    { id: 'trader', header: 'Trader', sortValue: (r) => (r.userName ?? r.wallet).toLowerCase(), cell: (r) => <WalletLink wallet={r.wallet} name={r.userName} own={own} testId="trader-wallet" /> },
    { id: 'pnl', header: 'P&L', numeric: true, sortValue: (r) => toNumber(r.pnl), cell: (r) => <span className={pnlTone(r.pnl)}>{formatSignedUsd(r.pnl)}</span> },
    { id: 'volume', header: 'Volume', numeric: true, sortValue: (r) => toNumber(r.volume), cell: (r) => formatUsd(r.volume) },
  ];
}

export function TradersBoard({ filter }: { filter: string }) {
  const board = useBoardsStore((s) => s.traders);
  const period = useBoardsStore((s) => s.tradersPeriod);
  const order = useBoardsStore((s) => s.tradersOrder);
  const setPeriod = useBoardsStore((s) => s.setTradersPeriod);
  const setOrder = useBoardsStore((s) => s.setTradersOrder);
  const load = useBoardsStore((s) => s.loadTraders);
  const own = useOwnWallets();
  const columns = useMemo(() => columnsFor(own), [own]);
  useEffect(() => {
    if (board.phase === 'idle') void load(false);
  }, [board.phase, load]);
  return (
    <section className="an-card bd-traders" aria-label="Top traders" data-testid="board-traders" data-phase={board.phase} data-order={order}>
      <header className="an-toolbar">
        <RankingTabs />
        <PeriodChoice value={period} onChange={setPeriod} testId="traders-period" />
        <div className="segmented" role="group" aria-label="Rank by">
          {ORDERS.map(([id, label]) => (
            <button key={id} type="button" className="segment" aria-pressed={order === id} onClick={() => setOrder(id)} data-testid={`traders-order-${id}`}>
              {label}
            </button>
          ))}
        </div>
      </header>
      {board.error ? <InlineError what="Could not read the traders leaderboard" error={board.error} onRetry={() => void load(board.rows.length > 0)} /> : null}
      <DataTable
        rows={board.rows}
        columns={columns}
        rowKey={(r) => `${r.rank}:${r.wallet}`}
        searchText={searchText}
        filter={filter}
        template={TEMPLATE}
        label="Top traders"
        testId="traders-table"
        rowTestId="trader-row"
        initialSort={[{ id: 'rank', desc: false }]}
        empty={emptyBoardText(board.phase, 'No trader in this period.')}
      />
      <LoadMore count={board.rows.length} nextCursor={board.nextCursor} loading={board.phase === 'loading'} onMore={() => void load(true)} testId="traders-load-more" />
    </section>
  );
}
