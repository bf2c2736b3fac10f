/** Board periods (`time_period`): the window each one covers, ending now. */
import { BOARD_PERIODS, type BoardPeriod } from '../../shared/protocol/analytics';
import type { QueryParams } from './params';
import { DAY_S } from './window';

export const PERIOD_SECONDS: Record<BoardPeriod, number> = { day: DAY_S, week: 7 * DAY_S, month: 30 * DAY_S, all: Number.MAX_SAFE_INTEGER };

/** `time_period` (alias timePeriod): day (default), week, month, all; anything else is a 400. */
export function readPeriod(params: QueryParams, aliases: readonly string[] = []): { period: BoardPeriod; sent: boolean } {
  const sent = params.has('time_period', aliases);
  return { period: params.oneOf('time_period', BOARD_PERIODS, 'day', aliases), sent };
}

export const dayIndex = (s: number): number => Math.floor(s / DAY_S);
