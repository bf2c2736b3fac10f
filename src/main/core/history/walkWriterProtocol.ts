/** What the main thread and the walk writer's thread (walkWriter.ts, walkWriterWorker.ts) say to each other. */
import type { StorageFault } from '../dataFolder/storageFaults';
import type { Feed, SavedWalk } from './walkTable';

export const WALK_WRITER_MARK = 'marketdesk-walk-writer';

export interface WalkPageRequest {
  kind: 'page';
  id: number;
  feed: Feed;
  wallet: string;
  rows: unknown[];
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

export type WalkWriterRequest = WalkPageRequest | WalkFlushRequest | { kind: 'close' };

/** What crosses back for a failure: a StorageFault's fields, or a message. */
export interface WalkWriteFailure {
  message: string;
  storage?: { kind: StorageFault['kind']; folder: string };
}

export type WalkWriterAnswer =
  | { kind: 'done'; id: number; added: number }
  | { kind: 'failed'; id: number; failure: WalkWriteFailure }
  | { kind: 'committed'; spans: Array<[wallet: string, from: number, to: number]> };
