/**
 * The Boards view: biggest winners (by period and category), the builders leaderboard (by
 * period) and builder volume per bucket. Boards page by the service's opaque cursor ("load
 * more"); a new period or category starts over and drops answers for the old one.
 */
import { create } from 'zustand';
import type { BoardPeriod, BuilderRankView, BuilderVolumeBucketView, WinnerView } from '../../shared/portfolioViews';
import type { BridgeError } from '../../shared/result';
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

interface BoardsState {
  winnersPeriod: BoardPeriod;
  category: string;
  winners: PagedBoard<WinnerView>;
  buildersPeriod: BoardPeriod;
  builders: PagedBoard<BuilderRankView>;
  volumeInterval: BoardPeriod;
  volume: { key: string; buckets: BuilderVolumeBucketView[]; phase: 'idle' | 'loading' | 'ready' | 'error'; error: BridgeError | null };
  setWinnersPeriod: (period: BoardPeriod) => void;
  setCategory: (category: string) => void;
  loadWinners: (more: boolean) => Promise<void>;
  setBuildersPeriod: (period: BoardPeriod) => void;
  loadBuilders: (more: boolean) => Promise<void>;
  setVolumeInterval: (interval: BoardPeriod) => void;
  loadVolume: () => Promise<void>;
}

const winnersKey = (period: BoardPeriod, category: string) => `${period}|${category}`;

export const useBoardsStore = create<BoardsState>()((set, get) => ({
  winnersPeriod: 'week',
  category: 'overall',
  winners: emptyBoard(winnersKey('week', 'overall')),
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
    const { winnersPeriod: period, category, winners } = get();
    const key = winnersKey(period, category);
    if (winners.phase === 'loading' || (more && !winners.nextCursor)) return;
    const cursor = more ? (winners.nextCursor ?? undefined) : undefined;
    set({ winners: { ...(more ? winners : emptyBoard<WinnerView>(key)), phase: 'loading', error: null } });
    const result = await api.listBiggestWinners({ period, category, cursor, limit: BOARD_PAGE_ROWS });
    if (get().winners.key !== key) return;
    set((s) =>
      result.ok
        ? { winners: { key, rows: more ? [...s.winners.rows, ...result.value.rows] : result.value.rows, nextCursor: result.value.nextCursor, phase: 'ready', error: null } }
        : { winners: { ...s.winners, phase: 'error', error: result.error } },
    );
  },
  setBuildersPeriod: (buildersPeriod) => {
    set({ buildersPeriod, builders: emptyBoard(buildersPeriod) });
    void get().loadBuilders(false);
  },
  loadBuilders: async (more) => {
    const { buildersPeriod: period, builders } = get();
    if (builders.phase === 'loading' || (more && !builders.nextCursor)) return;
    const cursor = more ? (builders.nextCursor ?? undefined) : undefined;
    set({ builders: { ...(more ? builders : emptyBoard<BuilderRankView>(period)), phase: 'loading', error: null } });
    const result = await api.listBuildersLeaderboard({ period, cursor, limit: BOARD_PAGE_ROWS });
    if (get().builders.key !== period) return;
    set((s) =>
      result.ok
        ? { builders: { key: period, rows: more ? [...s.builders.rows, ...result.value.rows] : result.value.rows, nextCursor: result.value.nextCursor, phase: 'ready', error: null } }
        : { builders: { ...s.builders, phase: 'error', error: result.error } },
    );
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
