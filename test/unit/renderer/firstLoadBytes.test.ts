/**
 * Code splitting (issue 11, performance): the renderer, built with the real config, loads at
 * first start only the entry and the first view's chunks — not the chart library, not the other
 * views — and no chunk is large enough for the build to warn. The figure is a ratio of bytes in
 * one build (first-load JavaScript over all JavaScript), so it does not depend on the machine.
 * Neither first view (Markets, Trade) loads zod, and the start-up order holds (issue 22, renderer
 * startup): React and the shell are a chunk apart from the entries, which index.html preloads, and
 * the socket's module runs as an async script of its own.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createLogger } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'marketdesk-split-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk keys a chunk needs before it runs (its static imports, transitively). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, into);
  return into;
}

describe('renderer code splitting', () => {
  it('the first view loads its own code only, the chart library stays out, and the build does not warn', async () => {
    const outDir = join(scratch, 'renderer');
    const warnings: string[] = [];
    const logger = createLogger('warn', { allowClearScreen: false });
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: resolve(repoRoot, 'vite.renderer.config.ts'), mode: 'production', customLogger: logger, build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    expect(warnings).toEqual([]);

    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const bytes = (key: string) => statSync(join(outDir, manifest[key]!.file)).size;
    const jsKeys = Object.keys(manifest).filter((key) => manifest[key]!.file.endsWith('.js'));
    const entry = jsKeys.find((key) => manifest[key]!.src === 'index.html')!;
    const startEarly = jsKeys.find((key) => manifest[key]!.isEntry && manifest[key]!.src === 'startEarly.ts')!;
    const shell = jsKeys.find((key) => manifest[key]!.name === 'renderApp')!;
    const firstView = jsKeys.find((key) => manifest[key]!.src === 'views/markets/MarketsView.tsx')!;
    expect(entry).toBeDefined();
    expect(startEarly, 'the socket and the first view\'s fetch start from an entry of their own').toBeDefined();
    expect(shell, 'React and the shell are one chunk').toBeDefined();
    expect(firstView, 'Markets (the first view) is a chunk of its own').toBeDefined();
    expect(manifest[startEarly]!.dynamicImports?.length ?? 0).toBeGreaterThanOrEqual(10);

    // What every start loads: both entries and the shell (index.html links it), then the view.
    const startup = new Set([entry, startEarly, shell].flatMap((key) => [...staticClosure(manifest, key)]));
    const firstLoad = new Set([...startup, ...staticClosure(manifest, firstView)]);
    const firstLoadBytes = [...firstLoad].reduce((sum, key) => sum + bytes(key), 0);
    const totalBytes = jsKeys.reduce((sum, key) => sum + bytes(key), 0);
    const chartChunks = jsKeys.filter((key) => readFileSync(join(outDir, manifest[key]!.file), 'utf8').includes('Lightweight Charts'));

    expect(chartChunks.length, 'the chart library is in the bundle').toBeGreaterThan(0);
    expect(chartChunks.filter((key) => firstLoad.has(key)), 'the chart library is not loaded at first start').toEqual([]);
    for (const view of ['views/trade/TradeView.tsx', 'views/perps/PerpsPage.tsx', 'views/accounts/AccountsView.tsx']) {
      const key = jsKeys.find((k) => manifest[k]!.src === view);
      expect(key && firstLoad.has(key), `${view} is not loaded at first start`).toBe(false);
    }
    for (const key of jsKeys) expect(bytes(key), `${manifest[key]!.file} stays under the 500 kB warning`).toBeLessThan(500 * 1024);
    // zod and the channels' schemas (main parses every input; building them cost the entry about a
    // third of its evaluation) stay out of what the app loads to show Markets or Trade.
    const hasZod = (key: string) => readFileSync(join(outDir, manifest[key]!.file), 'utf8').includes('_zod');
    expect(jsKeys.some(hasZod), 'zod is in the bundle (Settings and the limits form use it)').toBe(true);
    const trade = jsKeys.find((key) => manifest[key]!.src === 'views/trade/TradeView.tsx')!;
    const tradeFirst = new Set([...startup, ...staticClosure(manifest, trade)]);
    expect([...firstLoad, ...tradeFirst].filter(hasZod).map((key) => manifest[key]!.file), 'no zod before the first view').toEqual([]);
    // The entries evaluate before the socket's `open` can be handled: react-dom and the shell stay
    // out of them, and index.html starts their fetch with the page's, beside the entry's.
    const entries = new Set([entry, startEarly].flatMap((key) => [...staticClosure(manifest, key)]));
    const hasReactDom = (key: string) => readFileSync(join(outDir, manifest[key]!.file), 'utf8').includes('__REACT_DEVTOOLS_GLOBAL_HOOK__');
    expect([...entries].filter(hasReactDom).map((key) => manifest[key]!.file), 'no react-dom in the entries').toEqual([]);
    expect(hasReactDom(shell), 'react-dom is in the shell\'s chunk').toBe(true);
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="./${manifest[shell]!.file}">`);
    expect(html).toContain(`<script type="module" async crossorigin src="./${manifest[startEarly]!.file}"></script>`);
    // Left to the automatic splitting, each module the start-up shares with a view (a store, a
    // dialog, a hook) was a chunk of its own: 20 files before the first view; grouped, 6.
    expect(startup.size, 'a handful of files before the first view').toBeLessThanOrEqual(8);
    // Measured at the split (Nov 2026): about 0.51 of all JavaScript; before it, one chunk was all of it.
    const ratio = firstLoadBytes / totalBytes;
    expect(ratio).toBeLessThan(0.7);
    console.info(`first-load JavaScript ${firstLoadBytes} of ${totalBytes} bytes (${ratio.toFixed(2)})`);
  }, 120_000);
});
