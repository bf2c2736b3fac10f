/**
 * The Boards view: biggest winners (by period and category), the traders leaderboard (by period
 * and order), the builders leaderboard (by period) and builder volume per bucket. Boards page by
 * the service's opaque cursor ("load more"); a new period, order or category starts over and
 * drops answers for the old one. The category menu is what the service accepts (main's list); a
 * category the service refuses all the same is set aside, and the board says so.
 */
import { create } from 'zustand';
import { SERVICE_BOARD_CATEGORIES, type BoardCategoryView, type LeaderboardOrder, type TraderRankView } from '../../shared/marketDataViews';
import type { BoardPage, BoardPeriod, BuilderRankView, BuilderVolumeBucketView, WinnerView } from '../../shared/portfolioViews';
import type { BridgeError, BridgeResult } from '../../shared/result';
import { api } from '../bridge/api';

export const BOARD_PAGE_ROWS = 100;
export const VOLUME_BUCKETS = 30;

export interface PagedBoard<Row> {
  key: string;
  rows: Row[];
  nextCursor: string | null;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
}

const emptyBoard = <Row>(key: string): PagedBoard<Row> => ({ key, rows: [], nextCursor: null, phase: 'idle', error: null });

/** The right column's ranking card shows one board at a time. */
export type RankingBoard = 'traders' | 'builders';

interface BoardsState {
  winnersPeriod: BoardPeriod;
  category: string;
  winners: PagedBoard<WinnerView>;
  categories: { list: BoardCategoryView[]; phase: 'idle' | 'loading' | 'ready' | 'error'; error: BridgeError | null };
  /** Categories the service refused (a 400 on the first page): left out of the menu from then on. */
  refusedCategories: string[];
  ranking: RankingBoard;
  tradersPeriod: BoardPeriod;
  tradersOrder: LeaderboardOrder;
  traders: PagedBoard<TraderRankView>;
  buildersPeriod: BoardPeriod;
  builders: PagedBoard<BuilderRankView>;
  volumeInterval: BoardPeriod;
  volume: { key: string; buckets: BuilderVolumeBucketView[]; phase: 'idle' | 'loading' | 'ready' | 'error'; error: BridgeError | null };
  setWinnersPeriod: (period: BoardPeriod) => void;
  setCategory: (category: string) => void;
  loadWinners: (more: boolean) => Promise<void>;
  loadCategories: () => Promise<void>;
  setRanking: (ranking: RankingBoard) => void;
  setTradersPeriod: (period: BoardPeriod) => void;
  setTradersOrder: (order: LeaderboardOrder) => void;
  loadTraders: (more: boolean) => Promise<void>;
  setBuildersPeriod: (period: BoardPeriod) => void;
  loadBuilders: (more: boolean) => Promise<void>;
  setVolumeInterval: (interval: BoardPeriod) => void;
  loadVolume: () => Promise<void>;
}

const winnersKey = (period: BoardPeriod, category: string) => `${period}|${category}`;
const tradersKey = (period: BoardPeriod, order: LeaderboardOrder) => `${period}|${order}`;

type PagedName = 'winners' | 'traders' | 'builders';
type SetBoards = (partial: Partial<BoardsState> | ((s: BoardsState) => Partial<BoardsState>)) => void;

/**
 * One page of a board into the store: the first (starting over) or the next by the held cursor.
 * An answer for a key no longer shown is dropped. Resolves to the error the page met, if any.
 */
async function loadPage<Row>(
  get: () => BoardsState,
  set: SetBoards,
  name: PagedName,
  key: string,
  more: boolean,
  fetch: (cursor: string | undefined) => Promise<BridgeResult<BoardPage<Row>>>,
): Promise<BridgeError | null> {
  const board = get()[name] as unknown as PagedBoard<Row>;
  if (board.phase === 'loading' || (more && !board.nextCursor)) return null;
  const cursor = more ? (board.nextCursor ?? undefined) : undefined;
  set({ [name]: { ...(more ? board : emptyBoard<Row>(key)), phase: 'loading', error: null } });
  const result = await fetch(cursor);
  if (get()[name].key !== key) return null;
  set((s) => {
    const held = s[name] as unknown as PagedBoard<Row>;
    return {
      [name]: result.ok
        ? { key, rows: more ? [...held.rows, ...result.value.rows] : result.value.rows, nextCursor: result.value.nextCursor, phase: 'ready', error: null }
        : { ...held, phase: 'error', error: result.error },
    };
  });
  return result.ok ? null : result.error;
}

export const useBoardsStore = create<BoardsState>()((set, get) => ({
  winnersPeriod: 'week',
  category: 'overall',
  winners: emptyBoard(winnersKey('week', 'overall')),
  // The service's own categories need no catalog: offered at once, and kept if the catalog is out of reach.
  categories: { list: [...SERVICE_BOARD_CATEGORIES], phase: 'idle', error: null },
  refusedCategories: [],
  ranking: 'traders',
  tradersPeriod: 'week',
  tradersOrder: 'pnl',
  traders: emptyBoard(tradersKey('week', 'pnl')),
  buildersPeriod: 'week',
  builders: emptyBoard('week'),
  volumeInterval: 'day',
  volume: { key: 'day', buckets: [], phase: 'idle', error: null },
  setWinnersPeriod: (winnersPeriod) => {
    set({ winnersPeriod, winners: emptyBoard(winnersKey(winnersPeriod, get().category)) });
    void get().loadWinners(false);
  },
  setCategory: (category) => {
    set({ category, winners: emptyBoard(winnersKey(get().winnersPeriod, category)) });
    void get().loadWinners(false);
  },
  loadWinners: async (more) => {
    const { winnersPeriod: period, category } = get();
    const error = await loadPage(get, set, 'winners', winnersKey(period, category), more, (cursor) =>
      api.listBiggestWinners({ period, category, cursor, limit: BOARD_PAGE_ROWS }),
    );
    // A first page refused as invalid input can only be the category (the period is a fixed choice).
    if (error?.code === 'invalid_input' && !more && category !== 'overall' && !get().refusedCategories.includes(category)) {
      set((s) => ({ refusedCategories: [...s.refusedCategories, category] }));
    }
  },
  loadCategories: async () => {
    if (get().categories.phase === 'loading') return;
    set((s) => ({ categories: { ...s.categories, phase: 'loading', error: null } }));
    const result = await api.listBoardCategories({});
    set((s) => ({ categories: result.ok ? { list: result.value, phase: 'ready', error: null } : { ...s.categories, phase: 'error', error: result.error } }));
  },
  setRanking: (ranking) => set({ ranking }),
  setTradersPeriod: (tradersPeriod) => {
    set({ tradersPeriod, traders: emptyBoard(tradersKey(tradersPeriod, get().tradersOrder)) });
    void get().loadTraders(false);
  },
  setTradersOrder: (tradersOrder) => {
    set({ tradersOrder, traders: emptyBoard(tradersKey(get().tradersPeriod, tradersOrder)) });
    void get().loadTraders(false);
  },
  loadTraders: async (more) => {
    const { tradersPeriod: period, tradersOrder: orderBy } = get();
    await loadPage(get, set, 'traders', tradersKey(period, orderBy), more, (cursor) => api.listTraderLeaderboard({ period, orderBy, cursor, limit: BOARD_PAGE_ROWS }));
  },
  setBuildersPeriod: (buildersPeriod) => {
    set({ buildersPeriod, builders: emptyBoard(buildersPeriod) });
    void get().loadBuilders(false);
  },
  loadBuilders: async (more) => {
    const period = get().buildersPeriod;
    await loadPage(get, set, 'builders', period, more, (cursor) => api.listBuildersLeaderboard({ period, cursor, limit: BOARD_PAGE_ROWS }));
  },
  setVolumeInterval: (volumeInterval) => {
    set({ volumeInterval, volume: { key: volumeInterval, buckets: [], phase: 'idle', error: null } });
    void get().loadVolume();
  },
  loadVolume: async () => {
    const interval = get().volumeInterval;
    set((s) => ({ volume: { ...s.volume, key: interval, phase: 'loading', error: null } }));
    const result = await api.getBuilderVolume({ interval, buckets: VOLUME_BUCKETS });
    if (get().volumeInterval !== interval) return;
    set((s) => ({ volume: result.ok ? { key: interval, buckets: result.value, phase: 'ready', error: null } : { ...s.volume, phase: 'error', error: result.error } }));
  },
}));
