/**
 * The bytes of one `/v2/activity` page, split so the expensive part can be written on any
 * thread. A page is `{"data":[` + rows + `],"pagination":…}`; its rows are a run of synthetic
 * rows (pure functions of seed, wallet and position: synthetic/history.ts) with the wallet's real
 * fills (already JSON, kept on the event loop) at the newest end, so before the run in a newest-
 * first walk and after it in an oldest-first one. The event loop writes the head (envelope start
 * and any real fills before the run) and the tail (real fills after it and the pagination); the
 * run itself is only a list of positions, which either thread turns into bytes (pageThread.ts).
 */
import { ByteWriter } from './byteWriter';
import type { SyntheticHistory } from './synthetic/history';
import type { WalletFeed } from './walletFeed';

/** What writing a page needs besides the wallet's synthetic history (cloneable to a worker). */
export interface PageJob {
  wallet: string;
  /** Everything before the first synthetic row, a trailing comma included when rows precede it. */
  head: Uint8Array;
  /** Feed positions of the synthetic rows, in page order (sequence id = position + 1). */
  positions: Int32Array;
  /** Everything after the last synthetic row, a leading comma included when rows follow it. */
  tail: Uint8Array;
}

/** Splits a page of feed positions into head, synthetic run and tail. */
export function pageJob(feed: WalletFeed, positions: readonly number[], pagination: string): PageJob {
  const synthetic = feed.historyLength;
  let first = positions.findIndex((p) => p < synthetic);
  if (first < 0) first = positions.length;
  let end = first;
  while (end < positions.length && positions[end]! < synthetic) end += 1;
  // Small: pooled allocations (the head and tail are usually a few dozen bytes).
  const head = new ByteWriter(1_024).ascii('{"data":[');
  for (let i = 0; i < first; i += 1) {
    feed.writeRowJson(positions[i]!, head);
    head.ascii(',');
  }
  // No run: the comma written after the last real row belongs to nothing.
  if (first === end && first > 0) head.pos -= 1;
  const tail = new ByteWriter(1_024);
  for (let i = end; i < positions.length; i += 1) {
    if (i > 0) tail.ascii(',');
    feed.writeRowJson(positions[i]!, tail);
  }
  tail.ascii(`],"pagination":${pagination}}`);
  // Copies of their own: a view of a pooled buffer would carry the whole pool to the worker.
  return { wallet: feed.address, head: new Uint8Array(head.take()), positions: Int32Array.from(positions.slice(first, end)), tail: new Uint8Array(tail.take()) };
}

/**
 * One writer per thread, reused for every page: rows are written into ordinary memory (writing
 * byte by byte into a SharedArrayBuffer measured about 40% slower) and then copied once, whole,
 * to where the page goes.
 */
const scratch = new ByteWriter(1 << 20);

/**
 * The whole page: head, the synthetic rows comma-separated, tail. Copied into `into` when given
 * and it fits (a page slot: `inPlace`), else into a buffer of its own.
 */
export function writePage(history: SyntheticHistory | null, job: PageJob, into?: Buffer): { bytes: Buffer; inPlace: boolean } {
  const { positions } = job;
  if (positions.length > 0 && !history) throw new Error(`sandbox: wallet ${job.wallet} has no synthetic history to write rows from`);
  const out = scratch;
  out.pos = 0;
  out.bytes(job.head);
  for (let k = 0; k < positions.length; k += 1) {
    if (k > 0) out.ascii(',');
    const p = positions[k]!;
    history!.writeRowJson(p, p + 1, out);
  }
  out.bytes(job.tail);
  const page = out.take();
  if (into && page.length <= into.length) {
    into.set(page, 0);
    return { bytes: into.subarray(0, page.length), inPlace: true };
  }
  // Never below the pool threshold: a worker may transfer this buffer's whole backing store.
  const own = Buffer.allocUnsafe(Math.max(8_192, page.length));
  page.copy(own, 0);
  return { bytes: own.subarray(0, page.length), inPlace: false };
}
