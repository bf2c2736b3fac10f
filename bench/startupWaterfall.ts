/**
 * Where a cold start's time goes (issue 22, renderer startup): `npx tsx bench/startupWaterfall.ts
 * [loads]` (after `npm run build:renderer`) opens Marketdesk on Trade in fresh Chromium contexts,
 * as the startup bench does, and prints one waterfall per load, in ms from the navigation's
 * start: the page's script fetches (Resource Timing), every bridge frame in and out (a wrapped
 * WebSocket), the core's marks (bridge.in/out, http.sent/answered: src/shared/perfTrace.ts),
 * main-thread tasks over 4 ms with their heaviest parts (a Chromium trace), and the frame that
 * shows the first book. A diagnostic, not a bench: the trace itself slows the page down. The raw
 * traces go to /tmp/startup-trace-<n>.json (load them in Chromium's Performance panel).
 */
import { writeFileSync } from 'node:fs';
import { forEachColdTradeLoad } from './coldTradeLoads';

const TAP = `(() => {
  const log = [];
  window.__tap = log;
  const now = () => performance.now();
  const Native = window.WebSocket;
  class Tapped extends Native {
    constructor(url, protocols) {
      log.push({ at: now(), what: 'ws new' });
      super(url, protocols);
      this.addEventListener('open', () => log.push({ at: now(), what: 'ws open' }));
      this.addEventListener('message', (m) => { if (typeof m.data === 'string') log.push({ at: now(), what: 'in ' + m.data.slice(0, 80) }); });
    }
    send(data) {
      if (typeof data === 'string') log.push({ at: now(), what: 'out ' + data.slice(0, 80) });
      super.send(data);
    }
  }
  window.WebSocket = Tapped;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) log.push({ at: e.startTime, what: 'longtask ' + e.duration.toFixed(0) + ' ms' }); }).observe({ type: 'longtask', buffered: true });
})();`;

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: { url?: string; frame?: string; name?: string; requestId?: string }; name?: string } }

const loads = Number(process.argv[2] ?? 3);
await forEachColdTradeLoad(loads, { trace: true, initScripts: [TAP] }, async ({ page, browser, host, open }, i) => {
  await host.takeMarks();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel', 'disabled-by-default-devtools.timeline'] });
  const first = await open();
  const tap = (await page.evaluate('window.__tap')) as Array<{ at: number; what: string }>;
  const origin = (await page.evaluate('performance.timeOrigin')) as number;
  const resources = (await page.evaluate(`performance.getEntriesByType('resource').map((e) => ({ name: e.name.replace(/^.*\\//, ''), start: e.startTime, end: e.responseEnd, size: e.decodedBodySize }))`)) as Array<{ name: string; start: number; end: number; size: number }>;
  const nav = (await page.evaluate(`(() => { const n = performance.getEntriesByType('navigation')[0]; return { responseEnd: n.responseEnd, domInteractive: n.domInteractive, dcl: n.domContentLoadedEventEnd }; })()`)) as Record<string, number>;
  const buffer = await browser.stopTracing();
  const marks = await host.takeMarks();
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  writeFileSync(`/tmp/startup-trace-${i}.json`, buffer);
  const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.frame)?.ts ?? events.find((e) => e.name === 'navigationStart')!.ts;
  const rel = (ts: number) => (ts - navStart) / 1000;
  const lines: Array<[number, string]> = [];
  lines.push([nav.responseEnd!, 'html responseEnd'], [nav.domInteractive!, 'domInteractive'], [nav.dcl!, 'DOMContentLoaded end']);
  for (const r of resources) lines.push([r.start, `fetch start ${r.name}`], [r.end, `fetch end ${r.name} (${(r.size / 1024).toFixed(0)} KiB)`]);
  for (const t of tap) lines.push([t.at, t.what]);
  for (const m of marks) lines.push([m.at - origin, `core ${m.name} ${m.detail ?? ''}`]);
  lines.push([first.mutatedAt, 'BOOK in DOM'], [first.paintedAt, 'BOOK painted']);
  // Main-thread work: top-level tasks over 4 ms with their heaviest children.
  const mainTid = events.find((e) => e.name === 'EvaluateScript')?.tid;
  const mainPid = events.find((e) => e.name === 'EvaluateScript')?.pid;
  const mainEvents = events.filter((e) => e.tid === mainTid && e.pid === mainPid && e.ph === 'X' && rel(e.ts) >= 0);
  const allTasks = mainEvents.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const tasks = allTasks.filter((t) => !allTasks.some((o) => o !== t && o.ts <= t.ts && o.ts + (o.dur ?? 0) >= t.ts + (t.dur ?? 0) && (o.dur ?? 0) >= (t.dur ?? 0) && (o.ts < t.ts || (o.dur ?? 0) > (t.dur ?? 0) || allTasks.indexOf(o) < allTasks.indexOf(t))));
  let busy = 0;
  for (const task of tasks) {
    const dur = (task.dur ?? 0) / 1000;
    if (rel(task.ts) > first.paintedAt) continue;
    busy += dur;
    if (dur < 4) continue;
    const children = mainEvents.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0) && (e.dur ?? 0) > 1000 && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask');
    const names = children
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 5)
      .map((c) => `${c.name}${c.args?.data?.url ? `(${c.args.data.url.replace(/^.*\//, '')})` : ''}${c.args?.data?.name ? `(${c.args.data.name})` : ''} ${((c.dur ?? 0) / 1000).toFixed(0)}`);
    lines.push([rel(task.ts), `TASK ${dur.toFixed(0)} ms: ${names.join(', ')}`]);
  }
  lines.sort((a, b) => a[0] - b[0]);
  console.log(`\n=== load ${i + 1}: book painted at ${first.paintedAt.toFixed(0)} ms; main-thread task time before it ${busy.toFixed(0)} ms`);
  for (const [at, what] of lines) if (at <= first.paintedAt + 5) console.log(`${at.toFixed(0).padStart(6)}  ${what}`);
});
