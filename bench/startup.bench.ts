/**
 * Renderer startup (issue 22): what a trader waits for when the app opens on Trade.
 *
 * 1. The renderer bundle (out/renderer, `npm run build:renderer` first): each chunk's bytes and
 *    gzip bytes, and which of them the first view on Trade loads (the entry and Trade's static
 *    imports, from the build's manifest) against everything the build holds.
 * 2. Navigation to the first live book: in Chromium, a fresh browser context per load (no cache,
 *    no storage but the remembered outcome), from the navigation's start to the frame that shows
 *    the first bid row of the bench outcome's book on Trade: Marketdesk's renderer through the
 *    browser-mode host and the real core (bench/orderPathHost.ts), against a minimal page with no
 *    framework that opens one WebSocket to a bare Node process (bench/bareOrderServer.ts), which
 *    reads the same book from the same embedded sandbox (`GET /book`) and sends it back to be
 *    painted as rows. The two alternate over BENCH_STARTUP_ROUNDS (12) rounds after a warm-up;
 *    p50 and p95 of each and their ratios (target ≤ 1.5×).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBenchChromium, percentile } from './benchChromium';
import { chooseBenchTarget, rememberTarget, type BenchTarget } from './benchMarket';
import { startBareServer, startMarketdeskHost } from './benchProcesses';
import type { Bench, BenchRow } from './harness';
import { FIRST_BOOK_PROBE, MINIMAL_BOOK_PAGE, type FirstBook } from './startupPage';

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 12);
const WAIT_MS = 60_000;
const RENDERER = resolve(import.meta.dirname, '../out/renderer');

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Chunk {
  file: string;
  bytes: number;
  gzip: number;
  firstView: boolean;
}

/** Every JS and CSS file of the build, marked when the first view on Trade loads it before it runs. */
function rendererChunks(): Chunk[] {
  const manifestFile = join(RENDERER, '.vite/manifest.json');
  // `npm run build` (electron-vite) writes out/renderer without the manifest.
  if (!existsSync(manifestFile)) throw new Error('out/renderer has no build manifest: run `npm run build:renderer` first.');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, into);
    return into;
  };
  // Every start loads the entries (index.html's and startEarly's) and the shell's chunk (React,
  // the shell), which index.html preloads; the first view on Trade adds Trade's chunk.
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || manifest[key]!.name === 'renderApp');
  const trade = Object.keys(manifest).find((key) => manifest[key]!.src === 'views/trade/TradeView.tsx');
  if (entries.length === 0 || !trade) throw new Error('the renderer build has no entry or no Trade view chunk: rebuild it (npm run build:renderer)');
  const first = new Set<string>();
  for (const key of new Set([...entries.flatMap((entry) => [...closure(entry)]), ...closure(trade)])) {
    first.add(manifest[key]!.file);
    for (const css of manifest[key]!.css ?? []) first.add(css);
  }
  const files = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files]
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => {
      const bytes = readFileSync(join(RENDERER, file));
      return { file, bytes: statSync(join(RENDERER, file)).size, gzip: gzipSync(bytes).length, firstView: first.has(file) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** One cold load in a fresh context: ms from the navigation's start to the first book's frame. */
async function coldLoad(browser: Browser, url: string, target: BenchTarget | null): Promise<FirstBook> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(FIRST_BOOK_PROBE);
    if (target) await page.addInitScript(rememberTarget(target));
    await page.goto(url, { waitUntil: 'commit' });
    return (await page.evaluate(`Promise.race([window.__firstBook, new Promise((_, fail) => setTimeout(() => fail(new Error('no book within ${WAIT_MS / 1000} s')), ${WAIT_MS}))])`)) as FirstBook;
  } finally {
    await context.close();
  }
}

const kib = (bytes: number) => bytes / 1024;

const bench: Bench = async () => {
  const chunks = rendererChunks();
  const load = loadavg();
  const host = await startMarketdeskHost({ trace: false });
  const pageDir = mkdtempSync(join(tmpdir(), 'marketdesk-bench-startup-'));
  writeFileSync(join(pageDir, 'index.html'), MINIMAL_BOOK_PAGE);
  const bare = await startBareServer(host.urls.clob, pageDir);
  let browser: Browser | null = null;
  const ours: FirstBook[] = [];
  const base: FirstBook[] = [];
  try {
    browser = await launchBenchChromium();
    const target = await chooseBenchTarget(host.urls);
    const mdUrl = `${host.url}#/trade`;
    const bareUrl = `${bare.url}/book/#${target.tokenId}`;
    for (let round = -1; round < ROUNDS; round += 1) {
      const marketdesk = () => coldLoad(browser!, mdUrl, target);
      const minimal = () => coldLoad(browser!, bareUrl, null);
      // Alternate which side goes first, so neither always meets the machine's state the other left.
      let md: FirstBook;
      let bareLoad: FirstBook;
      if (round % 2 === 0) {
        md = await marketdesk();
        bareLoad = await minimal();
      } else {
        bareLoad = await minimal();
        md = await marketdesk();
      }
      if (round >= 0) {
        ours.push(md);
        base.push(bareLoad);
      }
      process.stderr.write(`  round ${round + 1} of ${ROUNDS}: Marketdesk ${md.paintedAt.toFixed(0)} ms, minimal page ${bareLoad.paintedAt.toFixed(0)} ms\r`);
    }
    process.stderr.write('\n');
  } finally {
    await browser?.close();
    await bare.stop();
    await host.stop();
    rmSync(pageDir, { recursive: true, force: true });
  }

  const at = (samples: FirstBook[], q: number) => percentile(samples.map((s) => s.paintedAt), q);
  const [md50, md95, bare50, bare95] = [at(ours, 50), at(ours, 95), at(base, 50), at(base, 95)];
  const scripts = (samples: FirstBook[]) => percentile(samples.map((s) => s.scriptBytes), 50);
  const firstView = chunks.filter((c) => c.firstView);
  const sum = (list: Chunk[], key: 'bytes' | 'gzip') => list.reduce((total, c) => total + c[key], 0);
  const rows: BenchRow[] = chunks.map((c) => ({
    bench: 'startup',
    metric: `chunk ${c.file.replace(/^assets\//, '')} (${c.firstView ? 'first view' : 'on demand'}; gzip ${kib(c.gzip).toFixed(1)} KiB)`,
    value: kib(c.bytes),
    unit: 'KiB',
  }));
  rows.push(
    { bench: 'startup', metric: `first view on Trade: ${firstView.length} of ${chunks.length} files, bytes`, value: kib(sum(firstView, 'bytes')), unit: 'KiB' },
    { bench: 'startup', metric: 'whole renderer build, bytes', value: kib(sum(chunks, 'bytes')), unit: 'KiB' },
    { bench: 'startup', metric: 'script loaded before the first book: Marketdesk', value: kib(scripts(ours)), unit: 'KiB' },
    { bench: 'startup', metric: 'navigation → first book on Trade p50', value: md50, unit: 'ms' },
    { bench: 'startup', metric: 'navigation → first book on Trade p95', value: md95, unit: 'ms' },
    { bench: 'startup', metric: 'minimal page: navigation → first book p50', value: bare50, unit: 'ms' },
    { bench: 'startup', metric: 'minimal page: navigation → first book p95', value: bare95, unit: 'ms' },
    { bench: 'startup', metric: 'first book p50, Marketdesk ÷ minimal', value: md50 / bare50, unit: 'x (target ≤ 1.5)' },
    { bench: 'startup', metric: 'first book p95, Marketdesk ÷ minimal', value: md95 / bare95, unit: 'x (target ≤ 1.5)' },
  );
  return {
    rows,
    summary: [
      `startup: navigation → first live book on Trade p50 ${md50.toFixed(0)} / p95 ${md95.toFixed(0)} ms against a minimal page's ${bare50.toFixed(0)} / ${bare95.toFixed(0)} ms: ` +
        `${(md50 / bare50).toFixed(2)}× / ${(md95 / bare95).toFixed(2)}× (target ≤ 1.5×); ${ROUNDS} cold loads each, alternating; load before the run ${load.map((l) => l.toFixed(1)).join(' ')}`,
      `startup: the first view on Trade loads ${firstView.length} of the build's ${chunks.length} JS/CSS files, ${kib(sum(firstView, 'bytes')).toFixed(0)} KiB (${kib(sum(firstView, 'gzip')).toFixed(0)} KiB gzip) of ${kib(sum(chunks, 'bytes')).toFixed(0)} KiB; ` +
        `script fetched before the first book ${kib(scripts(ours)).toFixed(0)} KiB (minimal page ${kib(scripts(base)).toFixed(0)} KiB)`,
    ],
  };
};

export default bench;
