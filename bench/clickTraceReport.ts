/**
 * Reads a Chromium trace the click-to-order bench recorded (BENCH_CLICK_CHROME_TRACE=<file>) and
 * prints what the page's main thread spent, in thread CPU time, which other processes' load
 * inflates less than wall time (decision 49/03):
 *
 * - per frame that laid out: the frame's CPU and its phases (style, layout, pre-paint, paint,
 *   layerize, commit), and how many layout objects each layout had, how many dirty, and whether
 *   any layout started below the document;
 * - per order (the waiter's `waiter-mutated-*` → `waiter-painted-*` window): when the first frame
 *   after the DOM commit was committed, when the waiter saw it painted, how many frames and
 *   bridge messages ran in between, and the page's CPU over the window.
 *
 *   npx tsx bench/clickTraceReport.ts /tmp/click.json
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { nodeName?: string }; beginData?: { dirtyObjects?: number; totalObjects?: number; partialLayout?: boolean } };
}

const PHASES = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'] as const;

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
};
const ms = (value: number) => value.toFixed(1);
const cpuOf = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
const within = (e: TraceEvent, from: number, to: number) => e.ts >= from && e.ts < to;

/** The page's main thread: the renderer thread with the most layouts (the bare page is not traced). */
function pageMainThread(events: readonly TraceEvent[]): string {
  const layouts = new Map<string, number>();
  for (const e of events) if (e.name === 'Layout') layouts.set(`${e.pid}:${e.tid}`, (layouts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const busiest = [...layouts].sort((a, b) => b[1] - a[1])[0];
  if (!busiest) throw new Error('the trace has no Layout events: record it with BENCH_CLICK_CHROME_TRACE');
  return busiest[0];
}

function frameReport(main: readonly TraceEvent[]): string[] {
  const frames = main.filter((e) => e.name === 'ProxyMain::BeginMainFrame');
  const laidOut = frames.filter((f) => main.some((e) => e.name === 'Layout' && within(e, f.ts, f.ts + (f.dur ?? 0))));
  // Paint events nest (the document's encloses its layers'): the document's is the frame's paint.
  const phase = (f: TraceEvent, name: string) =>
    main.filter((e) => e.name === name && within(e, f.ts, f.ts + (f.dur ?? 0)) && (name !== 'Paint' || e.args?.data?.nodeName === '#document')).reduce((sum, e) => sum + cpuOf(e), 0);
  const layouts = main.filter((e) => e.name === 'Layout');
  const lines = [
    `frames: ${frames.length}, ${laidOut.length} with a layout; CPU per frame p50 ${ms(quantile(frames.map(cpuOf), 0.5))} ms, with a layout p50 ${ms(quantile(laidOut.map(cpuOf), 0.5))} / p90 ${ms(quantile(laidOut.map(cpuOf), 0.9))} ms`,
  ];
  for (const name of PHASES) {
    const per = laidOut.map((f) => phase(f, name));
    lines.push(`  ${name.padEnd(16)} p50 ${quantile(per, 0.5).toFixed(2)}  p90 ${quantile(per, 0.9).toFixed(2)} ms`);
  }
  const partial = layouts.filter((e) => e.args?.beginData?.partialLayout === true).length;
  lines.push(
    `layouts: ${layouts.length} (${partial} partial), objects p50 ${quantile(layouts.map((e) => e.args?.beginData?.totalObjects ?? 0), 0.5)} of which dirty p50 ${quantile(layouts.map((e) => e.args?.beginData?.dirtyObjects ?? 0), 0.5)}`,
  );
  return lines;
}

function orderReport(main: readonly TraceEvent[], marks: readonly TraceEvent[], target: string): string[] {
  const tasks = main.filter((e) => e.name === 'RunTask');
  const frames = main.filter((e) => e.name === 'ProxyMain::BeginMainFrame');
  const messages = main.filter((e) => e.name === 'Receive mojo message');
  const rows: Array<{ frameDone: number; painted: number; frames: number; messages: number; cpu: number }> = [];
  for (const mutated of marks.filter((m) => m.name === `waiter-mutated-${target}`)) {
    const painted = marks.find((m) => m.name === `waiter-painted-${target}` && m.ts > mutated.ts);
    const first = frames.find((f) => f.ts >= mutated.ts);
    if (!painted || !first) continue;
    const firstDone = first.ts + (first.dur ?? 0);
    // From the start of the task that made the change (the bridge message and its render).
    const start = tasks.find((t) => t.ts <= mutated.ts && t.ts + (t.dur ?? 0) >= mutated.ts)?.ts ?? mutated.ts;
    rows.push({
      frameDone: (firstDone - mutated.ts) / 1000,
      painted: (painted.ts - mutated.ts) / 1000,
      frames: frames.filter((f) => within(f, mutated.ts, painted.ts)).length,
      messages: messages.filter((e) => within(e, firstDone, painted.ts)).length,
      cpu: tasks.filter((t) => within(t, start, painted.ts)).reduce((sum, t) => sum + cpuOf(t), 0),
    });
  }
  if (rows.length === 0) return [];
  const med = (pick: (row: (typeof rows)[number]) => number) => ms(quantile(rows.map(pick), 0.5));
  return [
    `${target}: ${rows.length} orders; from the DOM commit, the first frame committed (median) ${med((r) => r.frameDone)} ms, the waiter's painted mark ${med((r) => r.painted)} ms; page CPU from the change's task to the mark ${med((r) => r.cpu)} ms`,
    `  per order (first frame / painted mark, frames, bridge messages after the first frame): ${rows.map((r) => `${ms(r.frameDone)}/${ms(r.painted)} f${r.frames} m${r.messages}`).join('  ')}`,
  ];
}

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx bench/clickTraceReport.ts <trace.json from BENCH_CLICK_CHROME_TRACE>');
  process.exit(1);
}
const parsed = JSON.parse(readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
const mainThread = pageMainThread(events);
const onMain = events.filter((e) => `${e.pid}:${e.tid}` === mainThread && e.ph === 'X').sort((a, b) => a.ts - b.ts);
const waiterMarks = events.filter((e) => String(e.pid) === mainThread.split(':')[0] && /^waiter-(mutated|painted)-/.test(e.name)).sort((a, b) => a.ts - b.ts);
for (const text of [...frameReport(onMain), ...orderReport(onMain, waiterMarks, 'mine'), ...orderReport(onMain, waiterMarks, 'trade')]) console.log(text);
