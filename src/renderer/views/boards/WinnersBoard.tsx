/**
 * Biggest winners by period and category. A row links by its kind: a single market opens in
 * Trade (its event is in the catalog); a combo has no event to link to, so its title is plain.
 * The winner's wallet opens read-only in Portfolio.
 */
import { useEffect, useMemo, useState } from 'react';
import type { BoardPeriod, WinnerView } from '../../../shared/portfolioViews';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { InlineError } from '../../components/InlineError';
import { shortAddress } from '../../lib/address';
import { errorText } from '../../lib/errorText';
import { formatDay, formatSignedUsd, formatUsd } from '../../lib/format';
import { useBoardsStore } from '../../stores/boardsStore';
import { openMarketInTrade } from '../portfolio/openMarket';
import { epochMs, pnlTone, toNumber } from '../portfolio/money';
import { emptyBoardText, LoadMore, PeriodChoice } from './boardControls';
import { lookUpWallet } from './lookUpWallet';

function TitleCell({ row, onProblem }: { row: WinnerView; onProblem: (text: string | null) => void }) {
  if (row.kind === 'combo' || row.eventSlug === null) {
    return (
      <span className="cell-ellipsis" title={row.title} data-testid="winner-title" data-kind="combo">
        <span className="badge an-badge-gap">COMBO</span>
        {row.title}
      </span>
    );
  }
  const slug = row.eventSlug;
  const open = () => void openMarketInTrade({ conditionId: row.conditionId, eventSlug: slug, ...(row.eventId ? { eventId: row.eventId } : {}), title: row.title, outcome: row.outcome }).then(onProblem);
  return (
    <button type="button" className="link-button cell-ellipsis" title={`${row.title} — open in Trade`} onClick={open} data-testid="winner-title" data-kind="single">
      {row.title}
    </button>
  );
}

function buildColumns(onProblem: (text: string | null) => void): DataColumn<WinnerView>[] {
  return [
    { id: 'rank', header: '#', numeric: true, cell: () => null },
    { id: 'title', header: 'Market', sortValue: (r) => r.title.toLowerCase(), cell: (r) => <TitleCell row={r} onProblem={onProblem} /> },
    { id: 'outcome', header: 'Outcome', sortValue: (r) => r.outcome, cell: (r) => r.outcome ?? <span className="muted">—</span> },
    {
      id: 'wallet',
      header: 'Wallet',
      sortValue: (r) => r.userName ?? r.wallet,
      cell: (r) => (
        <button type="button" className="link-button num" title={`${r.wallet} — look up in Portfolio`} onClick={() => lookUpWallet(r.wallet)} data-testid="winner-wallet">
          {r.userName ?? shortAddress(r.wallet)}
        </button>
      ),
    },
    { id: 'category', header: 'Category', sortValue: (r) => r.category, cell: (r) => <span className="muted">{r.category}</span> },
    { id: 'initial', header: 'Stake', numeric: true, sortValue: (r) => toNumber(r.initialValue), cell: (r) => formatUsd(r.initialValue) },
    {
      id: 'pnl',
      header: 'P&L',
      numeric: true,
      sortValue: (r) => toNumber(r.pnl),
      cell: (r) => (
        <span className={pnlTone(r.pnl)} title={`${formatUsd(r.initialValue)} in → ${formatUsd(r.finalValue)} out`}>
          {formatSignedUsd(r.pnl)}
        </span>
      ),
    },
    { id: 'resolved', header: 'Resolved', sortValue: (r) => r.resolvedAt, cell: (r) => <span className="num">{formatDay(epochMs(r.resolvedAt))}</span> },
  ];
}

const TEMPLATE = '28px minmax(200px, 3fr) 68px 86px 72px 76px 90px 72px';
const searchText = (r: WinnerView) => `${r.title} ${r.outcome ?? ''} ${r.userName ?? ''} ${r.wallet} ${r.category}`;

export function WinnersBoard({ filter }: { filter: string }) {
  const board = useBoardsStore((s) => s.winners);
  const period = useBoardsStore((s) => s.winnersPeriod);
  const category = useBoardsStore((s) => s.category);
  const setPeriod = useBoardsStore((s) => s.setWinnersPeriod);
  const setCategory = useBoardsStore((s) => s.setCategory);
  const load = useBoardsStore((s) => s.loadWinners);
  const categories = useBoardsStore((s) => s.categories);
  const refused = useBoardsStore((s) => s.refusedCategories);
  const loadCategories = useBoardsStore((s) => s.loadCategories);
  const [problem, setProblem] = useState<string | null>(null);
  const columns = useMemo(() => buildColumns(setProblem), []);
  // The rank is the service's order; a re-sort keeps each row's rank.
  const ranks = useMemo(() => new Map(board.rows.map((row, index) => [row, index + 1])), [board.rows]);
  const ranked = useMemo(() => [{ ...columns[0]!, sortValue: (r: WinnerView) => ranks.get(r) ?? 0, cell: (r: WinnerView) => <span className="muted">{ranks.get(r)}</span> }, ...columns.slice(1)], [columns, ranks]);

  useEffect(() => {
    if (board.phase === 'idle') void load(false);
    if (categories.phase === 'idle') void loadCategories();
  }, [board.phase, load, categories.phase, loadCategories]);
  // A category the service refused leaves the menu, except while it is the one shown (and said so).
  const offered = categories.list.filter((c) => c.slug === category || !refused.includes(c.slug));
  const categoryRefused = refused.includes(category);

  return (
    <section className="an-card bd-winners" aria-label="Biggest winners" data-testid="board-winners" data-phase={board.phase}>
      <header className="an-toolbar">
        <span className="pane-title">Biggest winners</span>
        <PeriodChoice value={period} onChange={(p: BoardPeriod) => setPeriod(p)} testId="winners-period" />
        <select
          className="select"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          aria-label="Category"
          title={categories.error ? `Only the board's own categories: the catalog's could not be read (${errorText(categories.error)})` : 'The categories the analytics service ranks'}
          data-testid="winners-category"
          data-phase={categories.phase}
        >
          {offered.map((c) => (
            <option key={c.slug} value={c.slug} data-source={c.source}>
              {c.label}
              {refused.includes(c.slug) ? ' (not ranked)' : ''}
            </option>
          ))}
        </select>
      </header>
      {categoryRefused ? (
        <p className="an-note" role="alert" data-testid="winners-category-refused">
          {board.error ? errorText(board.error) : `The analytics service does not rank the category “${category}”.`}{' '}
          <button type="button" className="link-button" onClick={() => setCategory('overall')} data-testid="winners-category-overall">
            Show Overall
          </button>
        </p>
      ) : board.error ? (
        <InlineError what="Could not read the biggest winners" error={board.error} onRetry={() => void load(board.rows.length > 0)} />
      ) : null}
      {problem ? <p className="an-note" role="alert">{problem}</p> : null}
      <DataTable
        rows={board.rows}
        columns={ranked}
        rowKey={(r) => `${r.kind}:${r.wallet}:${r.conditionId}:${r.resolvedAt}`}
        searchText={searchText}
        filter={filter}
        template={TEMPLATE}
        label="Biggest winners"
        testId="winners-table"
        rowTestId="winner-row"
        rowAttributes={(r) => ({ 'data-kind': r.kind })}
        empty={categoryRefused ? 'Choose another category.' : emptyBoardText(board.phase, 'No winners in this period and category.')}
      />
      <LoadMore count={board.rows.length} nextCursor={board.nextCursor} loading={board.phase === 'loading'} onMore={() => void load(true)} testId="winners-load-more" />
    </section>
  );
}
