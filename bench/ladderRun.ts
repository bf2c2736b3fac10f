/** What the ladder bench's page (bench/page/ladderPage.tsx) takes and returns per run: shared by both sides. */
import type { OrderBookView } from '../src/shared/viewModels';

export interface LadderRunInput {
  variant: 'ladder' | 'naive';
  tokenId: string;
  books: OrderBookView[];
  changes: number[];
  levelsPerSecond: number;
  seconds: number;
  rows: number;
}

export interface LadderRunOutput {
  frameMs: number[];
  /** Main-thread work of each animation-frame callback: script, the render it causes, style and layout. */
  workMs: number[];
  levelUpdates: number;
  booksIngested: number;
  seconds: number;
  domMutations: number;
  /** Visible cells whose text differs from the last book's size once the feed stopped (0 = the ladder shows the book). */
  mismatches: number;
  cellsChecked: number;
}
