/** What the main thread and the walk writer's thread (walkWriter.ts, walkWriterWorker.ts) say to each other. */
import type { BridgeErrorCode } from '../../../shared/result';
import type { StorageFault } from '../dataFolder/storageFaults';
import type { FeedKey } from './activityTable';
import type { Feed, SavedWalk } from './walkTable';

export const WALK_WRITER_MARK = 'marketdesk-walk-writer';

/** A page's body to parse and check (walkPageParse.ts); its rows wait in the thread for the page's write. */
export interface WalkParseRequest {
  kind: 'parse';
  id: number;
  feed: Feed;
  wallet: string;
  /** The route, as the checks' sentences name it. */
  call: string;
  text: string;
  stop: FeedKey | null;
}

/** A page to write: its rows, or the id of the parse that holds them. */
export interface WalkPageRequest {
  kind: 'page';
  id: number;
  feed: Feed;
  wallet: string;
  rows: unknown[] | { parsed: number };
  walk: SavedWalk;
  ended: boolean;
}

/** A walk ended or stopped: commit, and forget its failure. */
export interface WalkFlushRequest {
  kind: 'flush';
  id: number;
  feed: Feed;
  wallet: string;
}

export type WalkWriterRequest = WalkParseRequest | WalkPageRequest | WalkFlushRequest | { kind: 'close' };

/** What crosses back for a failure: a StorageFault's fields, a CoreError's code, or a message. */
export interface WalkWriteFailure {
  message: string;
  storage?: { kind: StorageFault['kind']; folder: string };
  core?: { code: BridgeErrorCode; retryable: boolean };
  /** A body that was not JSON (walkPageParse.ts UnparsedPage). */
  unparsed?: boolean;
}

/** What the main thread's loop needs of a parsed page: the rows stay in the thread. */
export interface ParsedPageSummary {
  count: number;
  next: string | null;
  firstTs: number | null;
  lastTs: number | null;
}

export type WalkWriterAnswer =
  | { kind: 'done'; id: number; added: number }
  | { kind: 'parsed'; id: number; page: ParsedPageSummary }
  | { kind: 'failed'; id: number; failure: WalkWriteFailure }
  | { kind: 'committed'; spans: Array<[wallet: string, from: number, to: number]> };
