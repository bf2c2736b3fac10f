/**
 * The page worker's side (started by pageThread.ts): it rebuilds the market index and the
 * synthetic histories from the PageWorld it was given, then answers each PageJob with the page's
 * bytes, transferring the buffer back (no copy). Jobs are answered in the order they arrive.
 * Importing this module anywhere but in that worker does nothing.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { MarketIndex } from './marketIndex';
import { worldOfPageWorld, type PageWorld } from './pageWorld';
import { writePage, type PageJob } from './pageWriter';
import { SyntheticHistory } from './synthetic/history';
import { historyWallet } from './synthetic/wallets';

export interface PageRequest extends PageJob {
  id: number;
}

export type PageAnswer = { kind: 'ready' } | { kind: 'page'; id: number; bytes: Uint8Array } | { kind: 'failed'; id: number; message: string };

export const PAGE_WORKER_MARK = 'marketdesk-page-worker';

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
  port.on('message', (request: PageRequest) => {
    try {
      const page = writePage(historyOf(request.wallet), request);
      const answer: PageAnswer = { kind: 'page', id: request.id, bytes: page };
      port.postMessage(answer, [page.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) } satisfies PageAnswer);
    }
  });
  port.postMessage({ kind: 'ready' } satisfies PageAnswer);
}

const data = workerData as { mark?: string; world?: PageWorld } | null;
if (!isMainThread && parentPort && data?.mark === PAGE_WORKER_MARK && data.world) serve(data.world);
