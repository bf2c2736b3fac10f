/**
 * Click to order (issue 22): what a trader feels first. In Chromium, the real renderer through the
 * browser-mode host and the real core, against the sandbox (bench/orderPathHost.ts), on a trading
 * desk set up through the UI in pro mode ("Confirm orders" off; the sandbox's defaults: no risk
 * limits, nothing asked in main):
 *
 * - click: a click on the ladder's bid column five ticks under the touch (a resting buy of
 *   BENCH_CLICK_SIZE shares) until the order shows as the user's own on the ladder (the MINE
 *   column) and until it shows in Open orders;
 * - hotkey: Shift+B (buy at the ask, a taker order) until the fill shows in Trades.
 *
 * Each time runs from the input event's own timestamp to the frame that shows the result (a DOM
 * observer notes the commit, then requestAnimationFrame and a user-blocking task: the frame was
 * produced; bench/clickToOrderPage.ts). The ruler before decision 49/04, a normal task after the
 * frame that also counts the bridge messages queued behind it, is printed beside it.
 *
 * Baseline, same browser, same sandbox, same run: a minimal page (bench/bareOrderServer.ts) whose
 * click (or Shift+B) sends the order over a bare WebSocket to a bare Node process that builds and
 * signs it with the same code (src/signing), posts it to the same sandbox with L2 headers and sends
 * the answer back, which the page paints as a row. The two alternate, order by order, over
 * BENCH_CLICK_ROUNDS (12) rounds after one warm-up round; p50 and p95 of each and their ratios
 * (target: within 1.5×).
 *
 * Where Marketdesk's time goes: the core's and the sandbox's marks (src/shared/perfTrace.ts, on
 * only in this bench's host) and the page's WebSocket frames, medians per segment
 * (bench/orderPathTrace.ts). BENCH_CLICK_TRACE=0 measures without the marks.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBenchChromium, percentile } from './benchChromium';
import { bookTouch, chooseBenchTarget, rememberTarget, type BenchTarget, type WireBook } from './benchMarket';
import { startBareServer, startMarketdeskHost, type MarketdeskHost } from './benchProcesses';
import { armWaiter, AWAIT_PAINTED, CLEAR_PROBES, PROBES, TAKE_PROBES, type Painted, type PaintTarget, type ProbeLog } from './clickToOrderPage';
import { median, type Bench, type BenchRow } from './harness';
import { setUpTradingDesk } from './marketdeskSetup';
import { bareBreakdown, orderBreakdown } from './orderPathTrace';

const ROUNDS = Number(process.env.BENCH_CLICK_ROUNDS ?? 12);
const SIZE = process.env.BENCH_CLICK_SIZE ?? '5';
const TRACE = process.env.BENCH_CLICK_TRACE !== '0';
const WAIT_MS = 20_000;
const UNDER_TOUCH = 5;
/** BENCH_CLICK_VERBOSE=1: every Marketdesk order's segments on stderr, not only the medians. */
const VERBOSE = process.env.BENCH_CLICK_VERBOSE === '1';
/**
 * BENCH_CLICK_CHROME_TRACE=<file>: a Chromium performance trace (Perfetto/DevTools JSON) of the
 * timed rounds, not the setup: the main thread's tasks with their thread CPU time, style, layout,
 * paint, the compositor's and the GPU process's frames, and the waiter's marks
 * (`waiter-mutated-*`, `waiter-painted-*`). Slower while it records: for what the page does, not
 * for the figures (decision 49/02 reads one). `npx tsx bench/clickTraceReport.ts <file>` sums it up.
 * With it, BENCH_CLICK_TRACE_JS=1 adds the V8 sampler (JavaScript by function; build the renderer
 * unminified to read the names) and BENCH_CLICK_TRACE_INVALIDATIONS=1 what marked style and
 * layout dirty, node by node.
 */
const CHROME_TRACE = process.env.BENCH_CLICK_CHROME_TRACE ?? '';
const TRACE_CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing', 'toplevel', 'latencyInfo', 'v8.execute', 'cc', 'viz',
  ...(process.env.BENCH_CLICK_TRACE_JS === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
  ...(process.env.BENCH_CLICK_TRACE_INVALIDATIONS === '1' ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
];
/** BENCH_CLICK_REDUCED_MOTION=1: Marketdesk's page asks for reduced motion (no ladder flashes), to see what they cost. */
const REDUCED_MOTION = process.env.BENCH_CLICK_REDUCED_MOTION === '1';

interface Sample {
  ms: Record<string, number>;
  breakdown: Array<[string, number]> | null;
}

const byId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);
const price2 = (value: number) => value.toFixed(2);

async function touchOf(clobUrl: string, tokenId: string): Promise<{ bid: number; ask: number }> {
  const touch = bookTouch((await (await fetch(`${clobUrl}/book?token_id=${tokenId}`)).json()) as WireBook);
  if (!touch) throw new Error('the bench market lost one side of its book');
  return touch;
}

/** The page's WebSocket frames after the input, by channel or event name (BENCH_CLICK_VERBOSE). */
const frameLog = (probes: ProbeLog, input: number) =>
  `\n  frames: ${probes.frames.map((f) => `${f.dir} ${(f.at - input).toFixed(0)} ${/"(?:channel|event)":"(\w+)"/.exec(f.head)?.[1] ?? f.head.slice(0, 30)}`).join(' | ')}`;

/** Runs one input on a page and returns what the waiter saw, the probes and the input's time. */
async function measure(page: Page, targets: PaintTarget[], act: () => Promise<void>, inputType: 'click' | 'keydown') {
  await page.evaluate(CLEAR_PROBES);
  await page.evaluate(armWaiter(targets, WAIT_MS));
  await act();
  const painted = (await page.evaluate(AWAIT_PAINTED)) as Record<string, Painted>;
  const probes = (await page.evaluate(TAKE_PROBES)) as ProbeLog;
  const input = probes.inputs.find((i) => i.type === inputType)?.at;
  const missing = targets.filter((t) => !painted[t.name]?.paintedAt).map((t) => t.name);
  if (input === undefined || missing.length > 0) throw new Error(`no ${missing.join(', ') || 'input'} within ${WAIT_MS / 1000} s of the ${inputType}`);
  return { painted, probes, input };
}

/**
 * A trader's pointer rests on the price before the click: it is moved there first and the page
 * left to settle (hover styles, not timed); the timed input is the press and release.
 */
async function restOn(page: Page, box: { x: number; y: number; width: number; height: number } | null, what: string): Promise<void> {
  if (!box) throw new Error(`${what} is not on screen`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(150);
}

async function pressAndRelease(page: Page): Promise<void> {
  await page.mouse.down();
  await page.mouse.up();
}

/** Cancels this market's open orders through the Open orders tab, as a user would (not timed). */
async function cancelOpenOrders(page: Page): Promise<void> {
  await byId(page, 'activity-tab-orders').click();
  const rows = page.locator('[data-testid="open-order-row"]');
  for (let i = 0; i < 20 && (await rows.count()) > 0; i += 1) {
    const before = await rows.count();
    await rows.first().locator('[data-testid="open-order-cancel"]').click();
    for (let w = 0; w < 100 && (await rows.count()) >= before; w += 1) await page.waitForTimeout(100);
  }
}

class MarketdeskSide {
  constructor(
    private readonly page: Page,
    private readonly host: MarketdeskHost,
    private readonly target: BenchTarget,
  ) {}

  /**
   * Until the ladder's best ask is the exchange's (at most 4 s): the bare side reads the touch
   * just before its order, and a buy at an ask the market has left rests instead of filling, so
   * the round would time the market's next move rather than the order's path.
   */
  private async ladderAtTheTouch(): Promise<void> {
    for (let i = 0; i < 40; i += 1) {
      const { ask } = await touchOf(this.host.urls.clob, this.target.tokenId);
      const shown = await this.page
        .locator('[data-testid="ladder-level"][data-side="ask"]')
        .evaluateAll((rows) => Math.min(...rows.map((row) => Number(row.getAttribute('data-price')))));
      if (price2(shown) === price2(ask)) return;
      await this.page.waitForTimeout(100);
    }
  }

  /** The bid five ticks under the touch, among the prices the ladder shows. */
  private async restingPrice(): Promise<string> {
    const bids = await this.page.locator('[data-testid="ladder-level"][data-side="bid"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-price') ?? ''));
    if (bids.length === 0) throw new Error('the ladder shows no bids');
    return bids[Math.min(UNDER_TOUCH, bids.length - 1)]!;
  }

  async click(): Promise<Sample> {
    await cancelOpenOrders(this.page);
    const price = await this.restingPrice();
    const cell = this.page.locator(`[data-testid="ladder-level"][data-price="${price}"] [data-testid="ladder-bid"]`);
    await restOn(this.page, await cell.boundingBox(), `the ladder's bid cell at ${price}`);
    await this.host.takeMarks();
    const { painted, probes, input } = await measure(
      this.page,
      [{ name: 'mine', kind: 'mine', price }, { name: 'openOrder', kind: 'openOrder', price }],
      () => pressAndRelease(this.page),
      'click',
    );
    const marks = await this.host.takeMarks();
    if (VERBOSE) process.stderr.write(frameLog(probes, input));
    return {
      ms: { mine: painted.mine!.paintedAt - input, openOrder: painted.openOrder!.paintedAt - input, mineSettled: painted.mine!.settledAt - input },
      breakdown: orderBreakdown(input, probes, marks, 'openOrdersChanged', null, painted.mine!),
    };
  }

  async hotkey(): Promise<Sample> {
    await cancelOpenOrders(this.page);
    await byId(this.page, 'activity-tab-trades').click();
    await this.page.locator('[data-testid="trades-panel"][data-phase="ready"]').waitFor({ timeout: 60_000 });
    const known = await this.page.locator('[data-testid="account-trade-row"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-trade-id') ?? ''));
    await this.page.evaluate('document.activeElement && document.activeElement.blur()');
    await this.ladderAtTheTouch();
    await this.host.takeMarks();
    const { painted, probes, input } = await measure(this.page, [{ name: 'trade', kind: 'trade', known }], () => this.page.keyboard.press('Shift+B'), 'keydown');
    const marks = await this.host.takeMarks();
    if (VERBOSE) process.stderr.write(frameLog(probes, input));
    return {
      ms: { trade: painted.trade!.paintedAt - input, tradeSettled: painted.trade!.settledAt - input },
      breakdown: orderBreakdown(input, probes, marks, 'accountTradesAdded', 'GET /data/trades', painted.trade!),
    };
  }
}

class BareSide {
  private seq = 0;

  constructor(
    private readonly page: Page,
    private readonly host: MarketdeskHost,
    private readonly target: BenchTarget,
  ) {}

  private order(side: 'BUY', price: string) {
    return { tokenId: this.target.tokenId, side, price, size: SIZE, negRisk: this.target.negRisk, tickSize: this.target.tickSize };
  }

  private async cancel(orderId: string): Promise<void> {
    if (orderId) await this.page.evaluate(`window.bareCancel(${JSON.stringify(orderId)})`);
  }

  async click(): Promise<Sample> {
    const { bid } = await touchOf(this.host.urls.clob, this.target.tokenId);
    await this.page.evaluate(`window.orderOnClick = ${JSON.stringify(this.order('BUY', price2(Math.max(0.01, bid - UNDER_TOUCH * 0.01))))}`);
    const id = ++this.seq;
    await restOn(this.page, await this.page.locator('#buy').boundingBox(), 'the bare page’s button');
    await this.host.takeMarks();
    const { painted, probes, input } = await measure(this.page, [{ name: 'answer', kind: 'bareRow', id }], () => pressAndRelease(this.page), 'click');
    const marks = await this.host.takeMarks();
    await this.cancel((await this.page.getAttribute(`#answers tr[data-id="${id}"]`, 'data-order-id')) ?? '');
    return { ms: { answer: painted.answer!.paintedAt - input, answerSettled: painted.answer!.settledAt - input }, breakdown: bareBreakdown(input, probes, marks, painted.answer!) };
  }

  async hotkey(): Promise<Sample> {
    const { ask } = await touchOf(this.host.urls.clob, this.target.tokenId);
    await this.page.evaluate(`window.orderOnKey = ${JSON.stringify(this.order('BUY', price2(ask)))}`);
    const id = ++this.seq;
    await this.host.takeMarks();
    const { painted, probes, input } = await measure(this.page, [{ name: 'answer', kind: 'bareRow', id }], () => this.page.keyboard.press('Shift+B'), 'keydown');
    const marks = await this.host.takeMarks();
    await this.cancel((await this.page.getAttribute(`#answers tr[data-id="${id}"]`, 'data-order-id')) ?? '');
    return { ms: { answer: painted.answer!.paintedAt - input, answerSettled: painted.answer!.settledAt - input }, breakdown: bareBreakdown(input, probes, marks, painted.answer!) };
  }
}

/** Median of each segment over the samples that have a breakdown. */
function medianBreakdown(samples: Sample[]): Array<[string, number]> {
  const complete = samples.map((s) => s.breakdown).filter((b): b is Array<[string, number]> => b !== null);
  if (complete.length === 0) return [];
  return complete[0]!.map(([segment], i) => [segment, median(complete.map((b) => b[i]?.[1] ?? Number.NaN))]);
}

const p = (samples: Sample[], key: string, q: number) => percentile(samples.map((s) => s.ms[key]!), q);

const bench: Bench = async () => {
  const load = loadavg();
  const host = await startMarketdeskHost({ trace: TRACE });
  const bare = await startBareServer(host.urls.clob);
  // Paced like a display (benchChromium.ts says why); BENCH_CLICK_UNCAPPED=1 measures without the cap.
  const browser = await launchBenchChromium({ displayPaced: process.env.BENCH_CLICK_UNCAPPED !== '1' });
  const samples = { click: [] as Sample[], bareClick: [] as Sample[], hotkey: [] as Sample[], bareHotkey: [] as Sample[] };
  try {
    const target = await chooseBenchTarget(host.urls);
    const mdPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: REDUCED_MOTION ? 'reduce' : 'no-preference' })).newPage();
    await mdPage.addInitScript(PROBES);
    await mdPage.addInitScript(rememberTarget(target));
    const barePage = await (await browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
    await barePage.addInitScript(PROBES);
    process.stderr.write('  setting up the trading desk through the UI …\n');
    await setUpTradingDesk(mdPage, host.url, SIZE);
    await barePage.goto(bare.url);
    await barePage.waitForFunction('document.getElementById("buy") !== null');
    const md = new MarketdeskSide(mdPage, host, target);
    const base = new BareSide(barePage, host, target);
    for (let round = -1; round < ROUNDS; round += 1) {
      const keep = round >= 0;
      if (round === 0 && CHROME_TRACE) await browser.startTracing(mdPage, { path: CHROME_TRACE, categories: TRACE_CATEGORIES });
      const pair = async (a: () => Promise<Sample>, aInto: Sample[], b: () => Promise<Sample>, bInto: Sample[]) => {
        const [first, second] = round % 2 === 0 ? [[a, aInto], [b, bInto]] as const : [[b, bInto], [a, aInto]] as const;
        const x = await first[0]();
        const y = await second[0]();
        if (keep) {
          first[1].push(x);
          second[1].push(y);
        }
        if (VERBOSE) for (const sample of [x, y]) process.stderr.write(`\n  ${JSON.stringify(sample.ms)} ${sample.breakdown?.map(([name, ms]) => `${name.split(':')[0]}:${ms.toFixed(0)}`).join(' ') ?? 'no breakdown'}`);
      };
      await pair(() => md.click(), samples.click, () => base.click(), samples.bareClick);
      await pair(() => md.hotkey(), samples.hotkey, () => base.hotkey(), samples.bareHotkey);
      process.stderr.write(`  round ${round + 1} of ${ROUNDS}: click → MINE ${samples.click.at(-1)?.ms.mine?.toFixed(0) ?? '-'} ms, bare ${samples.bareClick.at(-1)?.ms.answer?.toFixed(0) ?? '-'} ms; Shift+B → Trades ${samples.hotkey.at(-1)?.ms.trade?.toFixed(0) ?? '-'} ms, bare ${samples.bareHotkey.at(-1)?.ms.answer?.toFixed(0) ?? '-'} ms\r`);
    }
    process.stderr.write('\n');
    if (CHROME_TRACE) await browser.stopTracing();
  } finally {
    await browser.close();
    await bare.stop();
    await host.stop();
  }

  const figures = {
    mine: [p(samples.click, 'mine', 50), p(samples.click, 'mine', 95)],
    openOrder: [p(samples.click, 'openOrder', 50), p(samples.click, 'openOrder', 95)],
    bareClick: [p(samples.bareClick, 'answer', 50), p(samples.bareClick, 'answer', 95)],
    trade: [p(samples.hotkey, 'trade', 50), p(samples.hotkey, 'trade', 95)],
    bareHotkey: [p(samples.bareHotkey, 'answer', 50), p(samples.bareHotkey, 'answer', 95)],
  } as const;
  // The ruler before decision 49/04: to a normal-priority task after the frame, behind what was queued.
  const settled = {
    mine: [p(samples.click, 'mineSettled', 50), p(samples.click, 'mineSettled', 95)],
    bareClick: [p(samples.bareClick, 'answerSettled', 50), p(samples.bareClick, 'answerSettled', 95)],
    trade: [p(samples.hotkey, 'tradeSettled', 50), p(samples.hotkey, 'tradeSettled', 95)],
    bareHotkey: [p(samples.bareHotkey, 'answerSettled', 50), p(samples.bareHotkey, 'answerSettled', 95)],
  } as const;
  const rows: BenchRow[] = [];
  const pair = (metric: string, [p50, p95]: readonly number[]) =>
    rows.push({ bench: 'clickToOrder', metric: `${metric} p50`, value: p50!, unit: 'ms' }, { bench: 'clickToOrder', metric: `${metric} p95`, value: p95!, unit: 'ms' });
  pair('click → own order on the ladder (MINE)', figures.mine);
  pair('click → order in Open orders', figures.openOrder);
  pair('bare pipeline: click → answer painted', figures.bareClick);
  pair('Shift+B → taker fill in Trades', figures.trade);
  pair('bare pipeline: Shift+B → answer painted', figures.bareHotkey);
  const ratio = (metric: string, ours: readonly number[], base: readonly number[]) =>
    rows.push(
      { bench: 'clickToOrder', metric: `${metric} p50, Marketdesk ÷ bare`, value: ours[0]! / base[0]!, unit: 'ratio' },
      { bench: 'clickToOrder', metric: `${metric} p95, Marketdesk ÷ bare`, value: ours[1]! / base[1]!, unit: 'ratio' },
    );
  ratio('click → MINE', figures.mine, figures.bareClick);
  ratio('click → Open orders', figures.openOrder, figures.bareClick);
  ratio('Shift+B → Trades', figures.trade, figures.bareHotkey);
  ratio('click → MINE, to the tasks queued behind the frame', settled.mine, settled.bareClick);
  ratio('Shift+B → Trades, to the tasks queued behind the frame', settled.trade, settled.bareHotkey);
  const breakdowns: Array<[string, Array<[string, number]>]> = [
    ['click → MINE', medianBreakdown(samples.click)],
    ['Shift+B → Trades', medianBreakdown(samples.hotkey)],
    ['bare click', medianBreakdown(samples.bareClick)],
  ];
  for (const [path, segments] of breakdowns) {
    for (const [segment, ms] of segments) rows.push({ bench: 'clickToOrder', metric: `${path} · ${segment} (median)`, value: ms, unit: 'ms' });
  }
  const r = (a: readonly number[], b: readonly number[], i: number) => (a[i]! / b[i]!).toFixed(2);
  return {
    rows,
    summary: [
      `clickToOrder: click on the ladder → own order shown (MINE) p50 ${figures.mine[0].toFixed(0)} / p95 ${figures.mine[1].toFixed(0)} ms, in Open orders ${figures.openOrder[0].toFixed(0)} / ${figures.openOrder[1].toFixed(0)} ms, ` +
        `against the bare pipeline's ${figures.bareClick[0].toFixed(0)} / ${figures.bareClick[1].toFixed(0)} ms: MINE ${r(figures.mine, figures.bareClick, 0)}× / ${r(figures.mine, figures.bareClick, 1)}×, Open orders ${r(figures.openOrder, figures.bareClick, 0)}× / ${r(figures.openOrder, figures.bareClick, 1)}× (target ≤ 1.5×); ` +
        `Shift+B → taker fill in Trades ${figures.trade[0].toFixed(0)} / ${figures.trade[1].toFixed(0)} ms against ${figures.bareHotkey[0].toFixed(0)} / ${figures.bareHotkey[1].toFixed(0)} ms: ${r(figures.trade, figures.bareHotkey, 0)}× / ${r(figures.trade, figures.bareHotkey, 1)}×. ` +
        `${ROUNDS} rounds, alternating, marks ${TRACE ? 'on' : 'off'}; load before the run ${load.map((l) => l.toFixed(1)).join(' ')}.`,
      `clickToOrder, to the tasks queued behind that frame (the ruler before decision 49/04): MINE ${settled.mine[0].toFixed(0)} / ${settled.mine[1].toFixed(0)} ms against ${settled.bareClick[0].toFixed(0)} / ${settled.bareClick[1].toFixed(0)} ms, ` +
        `${r(settled.mine, settled.bareClick, 0)}× / ${r(settled.mine, settled.bareClick, 1)}×; Trades ${settled.trade[0].toFixed(0)} / ${settled.trade[1].toFixed(0)} ms against ${settled.bareHotkey[0].toFixed(0)} / ${settled.bareHotkey[1].toFixed(0)} ms, ${r(settled.trade, settled.bareHotkey, 0)}× / ${r(settled.trade, settled.bareHotkey, 1)}×.`,
      ...breakdowns.filter(([, s]) => s.length > 0).map(([path, segments]) => `clickToOrder ${path}, medians: ${segments.map(([segment, ms]) => `${segment} ${ms.toFixed(1)}`).join(' · ')} ms`),
    ],
  };
};

export default bench;
