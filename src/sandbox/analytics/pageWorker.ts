/**
 * The page worker's side (started by pageThread.ts): it rebuilds the market index and the
 * synthetic histories from the PageWorld it was given, then writes each PageJob's page into the
 * shared slot it names and answers with the length (a page that does not fit goes back as a
 * buffer of its own, transferred). Jobs are answered in the order they arrive.
 * Importing this module anywhere but in that worker does nothing.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { MarketIndex } from './marketIndex';
import { PAGE_WORKER_MARK, worldOfPageWorld, type PageWorld } from './pageWorld';
import { writePage, type PageJob } from './pageWriter';
import { SyntheticHistory } from './synthetic/history';
import { historyWallet } from './synthetic/wallets';

export interface PageRequest extends PageJob {
  id: number;
  /** The page slot to write into (-1: none free, write into a buffer of its own). */
  slot: number;
  /** The slot's memory, sent with the first request that uses the slot. */
  memory?: SharedArrayBuffer;
}

/** A page written into its slot (length), or one that did not fit (bytes, transferred). */
export type PageAnswer =
  | { kind: 'ready' }
  | { kind: 'page'; id: number; length: number; bytes?: Uint8Array }
  | { kind: 'failed'; id: number; message: string };

function serve(world: PageWorld): void {
  const port = parentPort!;
  const markets = new MarketIndex(worldOfPageWorld(world));
  const histories = new Map<string, SyntheticHistory | null>();
  const historyOf = (wallet: string): SyntheticHistory | null => {
    if (!histories.has(wallet)) {
      const spec = historyWallet(wallet);
      histories.set(wallet, spec ? new SyntheticHistory(spec, world.seed, world.endS, markets) : null);
    }
    return histories.get(wallet)!;
  };
  const slots: Buffer[] = [];
  port.on('message', (request: PageRequest) => {
    try {
      if (request.memory) slots[request.slot] = Buffer.from(request.memory);
      const { bytes, inPlace } = writePage(historyOf(request.wallet), request, request.slot >= 0 ? slots[request.slot] : undefined);
      if (inPlace) {
        port.postMessage({ kind: 'page', id: request.id, length: bytes.length } satisfies PageAnswer);
      } else {
        // A buffer of its own (writePage never hands out pooled memory here): moved, not copied.
        port.postMessage({ kind: 'page', id: request.id, length: bytes.length, bytes } satisfies PageAnswer, [bytes.buffer as ArrayBuffer]);
      }
    } catch (error) {
      port.postMessage({ kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) } satisfies PageAnswer);
    }
  });
  port.postMessage({ kind: 'ready' } satisfies PageAnswer);
}

const data = workerData as { mark?: string; world?: PageWorld } | null;
if (!isMainThread && parentPort && data?.mark === PAGE_WORKER_MARK && data.world) serve(data.world);
