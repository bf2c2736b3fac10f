/**
 * The history store's own work per walked row, apart from the network (issue 22, the walk at
 * 0.9× a bare fetch loop): `npx tsx bench/walkStoreWork.ts [rounds]`. Fetches the 327,680-row
 * wallet's pages from an in-process sandbox once, stops the sandbox, then in each round writes
 * every page into a fresh store on the main thread as a walk does (the page's rows and its walk
 * cursor in one savepoint of a write batch, committed every COMMIT_PAGES pages: about a second of
 * walking) and prints the CPU time of that work alone per 1,000 rows. The page's parse is left
 * out (the bare loop pays it too). A diagnostic, not a bench: on this shared machine its rounds
 * vary by half, so compare variants alternated in one run (docs/decisions/50-walk-and-startup/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryStore } from '../src/main/core/history/historyStore';
import { silentLogger } from '../src/main/core/log';
import { startSandbox } from '../src/sandbox/start';
import type { ActivityRow } from '../src/shared/protocol/analytics';
import { activityPageUrl } from './activityPageUrl';
import { cpuMsSince, median } from './harness';

const WALLET = '0x5a4d00000000000000000000000000000000a001';
const COMMIT_PAGES = 50;
const rounds = Number(process.argv[2] ?? 7);

/** Every page of the wallet's activity feed as its body text, newest first, as a walk reads them. */
async function fetchPages(): Promise<string[]> {
  const sandbox = await startSandbox({ simulate: false, edge: { limits: { analytics: 1_000_000 } } });
  try {
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const text: string = await (await fetch(activityPageUrl(sandbox.urls.analytics, WALLET, cursor))).text();
      pages.push(text);
      cursor = (JSON.parse(text) as { pagination: { next_cursor: string | null } }).pagination.next_cursor;
    } while (cursor !== null);
    return pages;
  } finally {
    await sandbox.stop();
  }
}

/** One walk's store work over `pages` into a fresh store: CPU ms per 1,000 rows. */
function storeRound(pages: readonly string[]): number {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-store-work-'));
  const store = HistoryStore.open(dir, silentLogger);
  store.writeWalksOnThread(false);
  let cpuMs = 0;
  let rows = 0;
  try {
    pages.forEach((text, i) => {
      const page = (JSON.parse(text) as { data: ActivityRow[] }).data;
      const before = process.cpuUsage();
      store.write(() => {
        store.activity.insertRows(WALLET, page);
        store.walks.saveWalk(WALLET, 'activity', { purpose: 'backfill', cursor: `page ${i + 1}`, stop: null, topTs: null, floorTs: null, startedAt: 0 });
      });
      if ((i + 1) % COMMIT_PAGES === 0) store.flush();
      cpuMs += cpuMsSince(before);
      rows += page.length;
    });
    const before = process.cpuUsage();
    store.flush();
    cpuMs += cpuMsSince(before);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return (cpuMs * 1000) / rows;
}

const pages = await fetchPages();
const perRound: number[] = [];
for (let round = 0; round < rounds; round++) perRound.push(storeRound(pages));
console.log(
  `store work per 1,000 rows (CPU, ${pages.length} pages): median ${median(perRound).toFixed(2)} ms; rounds ${perRound.map((ms) => ms.toFixed(2)).join(', ')}; ` +
    `load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
);
