/** What the ladder bench's page (bench/page/ladderPage.tsx) takes once (the feed) and per run, and returns: shared by both sides. */
import type { OrderBookView } from '../src/shared/viewModels';

export interface BookFeed {
  tokenId: string;
  books: OrderBookView[];
  /** Levels whose size changed, appeared or went, from each book to the next (index 0: its own levels). */
  changes: number[];
}

/**
 * Marketdesk's DomLadder and the naive baseline. The designs the painter was chosen against (per-cell
 * subscriptions, memoised rows) ran here too, at commit d18b25c (docs/decisions/48-ladder-speed).
 */
export type LadderVariant = 'ladder' | 'naive';

export interface LadderRunInput {
  variant: LadderVariant;
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
