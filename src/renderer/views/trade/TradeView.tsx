/**
 * Trade: the chosen outcome's ladder and tape (left), its chart over the account's orders,
 * trades and fills (middle), and order entry, balance and account switches (right). Mounting it
 * tells main to poll this one book; leaving stops that.
 */
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import type { OrderBookView } from '../../../shared/viewModels';
import { EmptyState } from '../../components/EmptyState';
import { selectBook, selectWatchLoading, useBookStore } from '../../stores/bookStore';
import { watchBooks } from '../../stores/bookWatch';
import { useBalanceStore } from '../../stores/balanceStore';
import { useBridgeLinkStore } from '../../stores/bridgeLinkStore';
import { useAppStatusStore } from '../../stores/appStatusStore';
import { useOpenOrdersStore } from '../../stores/openOrdersStore';
import { useTicketStore } from '../../stores/ticketStore';
import { currentTradingBlock } from '../../stores/tradingAccess';
import { useTradingStateStore } from '../../stores/tradingStateStore';
import { selectTradeTarget, useTradeTargetStore, type TradeTarget } from '../../stores/tradeTargetStore';
import { AccountTradingPanel } from './AccountTradingPanel';
import { AfterFirstBook } from './AfterFirstBook';
import { RiskPanel } from './risk/RiskPanel';
import { BalancePanel } from './BalancePanel';
import { TradeDialogs } from './TradeDialogs';
import { HeartbeatBanner } from './HeartbeatBanner';
import { ModeBanner } from './ModeBanner';
import { ActivityTabs } from './tables/ActivityTabs';
import { TicketPanel } from './ticket/TicketPanel';
import { TradeHeader } from './TradeHeader';
import { TradesTape } from './TradesTape';
import { useTradeShortcuts } from './useTradeShortcuts';
import { AlertCard } from '../alerts/AlertCard';
import { AmendOrderDialog } from '../ladder/AmendOrderDialog';
import { TradeLadder } from '../ladder/TradeLadder';

/**
 * The chart library is most of the bundle: it loads when Trade first opens, not at startup, and
 * on that first visit after the frame that shows the first book (its 186 KiB were fetched and
 * evaluated before the book, and its candle read went out beside the book's).
 */
const PriceChart = lazy(() => import('./PriceChart').then((module) => ({ default: module.PriceChart })));
/** Holds the chart's place while its code loads, so the columns do not move when it comes. */
const CHART_PLACEHOLDER = <section className="chart-panel" aria-label="Price chart" aria-busy="true" />;

/**
 * The parts that show the book itself (header, ticket, alert card) take it here, each on its own:
 * a book published every second re-renders them, not the whole view (tables, chart, panels).
 */
function WithBook({ tokenId, children }: { tokenId: string; children: (book: OrderBookView | undefined) => ReactNode }) {
  const book = useBookStore(useMemo(() => selectBook(tokenId), [tokenId]));
  return children(book);
}

/** Books that stopped updating must not look live; same rule as Markets. */
function useBookIsStale(): boolean {
  const linkDown = useBridgeLinkStore((s) => s.link !== null && s.link.state !== 'open');
  const exchangeDown = useAppStatusStore((s) => s.status?.connection === 'offline');
  return linkDown || exchangeDown;
}

/** What the view needs from main while it is open, per traded outcome. */
function useTradeData(tokenId: string | null): void {
  useEffect(() => {
    if (useTradingStateStore.getState().state === null) void useTradingStateStore.getState().load();
    if (currentTradingBlock() === null && useOpenOrdersStore.getState().phase !== 'ready') void useOpenOrdersStore.getState().load();
  }, []);
  useEffect(() => {
    if (tokenId === null) return undefined;
    watchBooks([tokenId]);
    useTicketStore.getState().pickOutcome(tokenId);
    void useBalanceStore.getState().load(tokenId);
    return () => watchBooks([]);
  }, [tokenId]);
}

/**
 * The ladder, or what stands in for it until the first book: the book's arrival re-renders this
 * card (and the parts that show the book), not the whole view.
 */
function LadderOrNote({ target }: { target: TradeTarget }) {
  const hasBook = useBookStore((s) => s.books[target.tokenId] !== undefined);
  const loading = useBookStore(selectWatchLoading);
  return hasBook ? <TradeLadder target={target} /> : <p className="pane-note">{loading ? 'Loading book…' : 'No book yet.'}</p>;
}

export function TradeView() {
  const target = useTradeTargetStore(selectTradeTarget);
  const tokenId = target?.tokenId ?? null;
  // The live tick once the book has it, else the catalog's: mostly the same string, so the first
  // book does not re-render the whole view.
  const catalogTick = target?.tickSize ?? '';
  const tick = useBookStore((s) => (tokenId === null ? catalogTick : (s.books[tokenId]?.tickSize ?? catalogTick)));
  const stale = useBookIsStale();
  useTradeData(tokenId);
  useTradeShortcuts();

  if (!target) {
    return (
      <section className="view trade trade-none" data-testid="view-trade" aria-label="Trade">
        <TradeHeader target={null} book={undefined} stale={false} />
        <EmptyState title="Choose an outcome to trade" testId="trade-empty">
          <p>Search above, or press “Trade” on an outcome’s book in Markets. The last outcome you traded is remembered.</p>
        </EmptyState>
        <TradeDialogs target={null} />
      </section>
    );
  }

  return (
    <section className="view trade" data-testid="view-trade" data-token-id={target.tokenId} aria-label="Trade">
      <WithBook tokenId={target.tokenId}>{(book) => <TradeHeader target={target} book={book} stale={stale} />}</WithBook>
      <ModeBanner />
      <HeartbeatBanner />
      <div className="trade-body">
        <div className="trade-col trade-left" data-stale={stale}>
          <section className="trade-card ladder-card" aria-label="Price ladder">
            <header className="subpane-header">
              <h3 className="pane-title">Ladder · {target.outcome}</h3>
            </header>
            <LadderOrNote target={target} />
          </section>
          <AfterFirstBook tokenId={target.tokenId}>
            <TradesTape tokenId={target.tokenId} tickSize={tick} />
          </AfterFirstBook>
        </div>
        <div className="trade-col trade-center">
          <Suspense fallback={CHART_PLACEHOLDER}>
            <AfterFirstBook tokenId={target.tokenId} placeholder={CHART_PLACEHOLDER}>
              <PriceChart tokenId={target.tokenId} tickSize={tick} />
            </AfterFirstBook>
          </Suspense>
          <AfterFirstBook tokenId={target.tokenId}>
            <ActivityTabs target={target} />
          </AfterFirstBook>
        </div>
        <div className="trade-col trade-right">
          <WithBook tokenId={target.tokenId}>{(book) => <TicketPanel target={target} book={book} />}</WithBook>
          <AfterFirstBook tokenId={target.tokenId}>
            <BalancePanel tokenId={target.tokenId} outcome={target.outcome} />
            <WithBook tokenId={target.tokenId}>{(book) => <AlertCard key={target.tokenId} target={target} book={book} />}</WithBook>
            <RiskPanel tokenId={target.tokenId} outcome={target.outcome} />
            <AccountTradingPanel />
          </AfterFirstBook>
        </div>
      </div>
      <TradeDialogs target={target} />
      <AmendOrderDialog />
    </section>
  );
}
